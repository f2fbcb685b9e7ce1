/**
 * Demo employers and their demand letters (issue 26's declared resources), for the first start of the
 * embedded default: five employers in the Gulf and Malaysia, and demand letters some of which expire
 * within 30 days (the Overview lists those), a few with their scanned letter. Each record's history
 * starts with its creation by the demo admin.
 */
import type { Insertable, Kysely } from "kysely";
import type { DB } from "../db/schema";
import { toDbTimestamp } from "../db/values";
import { pdfDocument } from "./files";
import { ymd } from "./passport-record";
import type { Random } from "./random";

const DAY = 86_400_000;

const EMPLOYERS = [
  { name: "Al Noor Construction Co.", country: "Saudi Arabia", contact_person: "Faisal Al-Harbi", phone: "+966501234567", city: "Riyadh" },
  { name: "Gulf Star Facilities Management", country: "Qatar", contact_person: "Mohammed Al-Kuwari", phone: "+97455123456", city: "Doha" },
  { name: "Emirates Hospitality Group", country: "United Arab Emirates", contact_person: "Sara Al-Mansoori", phone: "+971501112233", city: "Dubai" },
  { name: "Petaling Electronics Sdn Bhd", country: "Malaysia", contact_person: "Tan Wei Ming", phone: "+60123456789", city: "Kuala Lumpur" },
  { name: "Muscat Agro Farms LLC", country: "Oman", contact_person: null, phone: null, city: "Sohar" },
] as const;

const JOBS = ["Construction Worker", "Mason", "Driver", "Cleaner", "Electrician", "Farm Worker", "Waiter", "Machine Operator", "Plumber"];

/** Days from today to each letter's expiry: four within 30 days, one past. */
const EXPIRES_IN_DAYS = [6, 13, 21, 29, -4, 45, 75, 120, 200, 320];

type Changes = { field: string; from: null; to: unknown }[];
const created = (values: Record<string, unknown>): Changes =>
  Object.entries(values)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([field, to]) => ({ field, from: null, to }));

export async function seedEmployers(trx: Kysely<DB>, random: Random, now: Date, adminId: number, adminName: string): Promise<void> {
  const at = toDbTimestamp(new Date(now.getTime() - 60 * DAY));
  const history = (resource: string, recordId: number, changes: Changes, when = at) => ({
    resource,
    record_id: recordId,
    at: when,
    user_id: adminId,
    username: adminName,
    action: "created" as const,
    changes: JSON.stringify(changes),
  });

  const employerIds: number[] = [];
  for (const [i, e] of EMPLOYERS.entries()) {
    const licenceNo = `RL-${e.country.slice(0, 2).toUpperCase()}-${random.digits(6)}`;
    const email = `recruitment${i + 1}@${e.name.toLowerCase().replace(/[^a-z]+/g, "").slice(0, 14)}.com`;
    const row: Insertable<DB["employers"]> = {
      name: e.name,
      country: e.country,
      licence_no: licenceNo,
      contact_person: e.contact_person,
      phone: e.phone,
      email,
      address: `${random.int(10, 400)} Industrial Area\n${e.city}, ${e.country}`,
      created_at: at,
      updated_at: at,
      created_by: adminId,
    };
    const { id } = await trx.insertInto("employers").values(row).returning("id").executeTakeFirstOrThrow();
    employerIds.push(id);
    await trx
      .insertInto("record_history")
      .values(history("employers", id, created({ name: row.name, country: row.country, licenceNo, contactPerson: row.contact_person, phone: row.phone, email, address: row.address })))
      .execute();
  }

  for (const [i, days] of EXPIRES_IN_DAYS.entries()) {
    const employer = i % EMPLOYERS.length;
    const expiry = new Date(now.getTime() + days * DAY);
    const issue = new Date(expiry.getTime() - random.pick([180, 270, 365]) * DAY);
    const letterAt = toDbTimestamp(new Date(Math.max(issue.getTime(), now.getTime() - 50 * DAY)));
    const row: Insertable<DB["demand_letters"]> = {
      employer_id: employerIds[employer],
      reference_no: `DL-${2026 - (i % 2)}-${String(100 + i * 7).padStart(4, "0")}`,
      country: EMPLOYERS[employer].country,
      job_title: JOBS[i % JOBS.length],
      workers_requested: random.pick([5, 10, 15, 20, 30, 50]),
      monthly_salary: random.int(30, 90) * 1000,
      issue_date: ymd(issue),
      expiry_date: ymd(expiry),
      attested: random.chance(0.6) ? 1 : 0,
      created_at: letterAt,
      updated_at: letterAt,
      created_by: adminId,
    };
    const { id } = await trx.insertInto("demand_letters").values(row).returning("id").executeTakeFirstOrThrow();
    const wire = {
      employerId: row.employer_id,
      referenceNo: row.reference_no,
      country: row.country,
      jobTitle: row.job_title,
      workersRequested: row.workers_requested,
      monthlySalary: row.monthly_salary,
      issueDate: row.issue_date,
      expiryDate: row.expiry_date,
      attested: row.attested === 1,
    };
    let letter: string | null = null;
    if (i % 3 === 0) {
      const file = pdfDocument(`${row.reference_no}.pdf`, `Demand letter ${row.reference_no}`, [
        `Employer: ${EMPLOYERS[employer].name}, ${row.country}`,
        `Position: ${row.job_title}, ${row.workers_requested} workers`,
        `Monthly salary: ${row.monthly_salary} BDT equivalent`,
        `Valid from ${row.issue_date} to ${row.expiry_date}`,
      ]);
      await trx
        .insertInto("record_files")
        .values({ resource: "demand-letters", record_id: id, field: "letter", file_name: file.fileName, content_type: file.contentType, size: file.size, sha256: file.sha256, bytes: file.bytes, created_at: letterAt })
        .execute();
      letter = file.fileName;
    }
    await trx.insertInto("record_history").values(history("demand-letters", id, created({ ...wire, letter }), letterAt)).execute();
  }
}
