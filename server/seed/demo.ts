/**
 * Demo data for the first start of the embedded default: four accounts, five slots and about 200
 * passports spread over every status and milestone, some with small generated documents, and a few
 * employers and demand letters (employers.ts). The PRNG is seeded, so every fresh start creates the
 * same people (dates are relative to the day of seeding).
 */
import type { Insertable, Kysely } from "kysely";
import type { PassportStatus, Role } from "../../src/contract";
import type { DB, PassportsTable } from "../db/schema";
import { toDbTimestamp } from "../db/values";
import { seedEmployers } from "./employers";
import { type GeneratedFile, pdfDocument, pngPhoto } from "./files";
import { type PlannedRecord, planRecord } from "./passport-record";
import { DHAKA_AREAS, mobileNumber, passportNumber, person } from "./people";
import { Random } from "./random";

export interface SeededAccount {
  username: string;
  password: string;
  role: Role;
}

export const DEMO_ACCOUNTS: readonly SeededAccount[] = [
  { username: "superadmin", password: "superadmin123", role: "SUPER_ADMIN" },
  { username: "admin", password: "admin123", role: "ADMIN" },
  { username: "agent", password: "agent123", role: "AGENT" },
  { username: "agent2", password: "agent123", role: "AGENT" },
];

export const DEMO_SLOTS = ["SLOT-2026-01", "SLOT-2026-02", "SLOT-2026-03", "SLOT-2026-04", "SLOT-2026-05"];
export const DEMO_PASSPORT_COUNT = 200;
const PASSPORTS_WITH_DOCUMENTS = 20;
const CHUNK = 50;
const DAY = 86_400_000;

const STATUS_WEIGHTS: [PassportStatus, number][] = [
  ["PENDING", 0.3],
  ["REVIEWED", 0.25],
  ["COMPLETED", 0.15],
  ["APPROVED", 0.18],
  ["REJECTED", 0.12],
];

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface PlannedPassport extends PlannedRecord {
  documents: { kind: string; file: GeneratedFile }[];
}

interface Ids {
  superAdmin: number;
  admin: number;
  agents: { id: number; username: string }[];
  slots: { id: number; name: string }[];
}

function pickStatus(random: Random): PassportStatus {
  let roll = random.next();
  for (const [status, weight] of STATUS_WEIGHTS) {
    if ((roll -= weight) < 0) return status;
  }
  return "PENDING";
}

function planPassport(random: Random, ids: Ids, now: Date, usedNumbers: Set<string>): PlannedPassport {
  const who = person(random);
  let passportNo = passportNumber(random);
  while (usedNumbers.has(passportNo)) passportNo = passportNumber(random);
  usedNumbers.add(passportNo);

  const agent = random.chance(0.6) ? ids.agents[0] : ids.agents[1];
  const slot = random.pick(ids.slots);
  const status = pickStatus(random);
  const createdAt = new Date(now.getTime() - random.int(5, 240) * DAY - random.int(0, DAY / 1000 - 1) * 1000);
  const record = planRecord(random, { who, passportNo, telephone: mobileNumber(random), agent, slot, status, createdAt, doneBy: now, ids });
  return { ...record, documents: [] };
}

/** Passport copy, NID and certificate as PDFs, and a photo as a PNG, all naming the worker. */
function documentsFor(random: Random, p: Insertable<PassportsTable>): { kind: string; file: GeneratedFile }[] {
  const base = p.full_name.replace(/[^A-Za-z]+/g, "_").replace(/^_|_$/g, "");
  const shade = random.int(200, 245);
  return [
    {
      kind: "passport",
      file: pdfDocument(`${base}_passport.pdf`, `Passport copy: ${p.full_name}`, [
        `Passport No: ${p.passport_no}`,
        `Date of birth: ${p.dob}`,
        `Issued: ${p.passport_issue_date}   Expires: ${p.passport_expire_date}`,
        `Father: ${p.fathers_name}   Mother: ${p.mothers_name}`,
      ]),
    },
    {
      kind: "nid",
      file: pdfDocument(`${base}_nid.pdf`, `National ID: ${p.full_name}`, [`NID No: ${random.digits(10)}`, `Date of birth: ${p.dob}`]),
    },
    {
      kind: "educational",
      file: pdfDocument(`${base}_certificate.pdf`, `Certificate: ${p.schooling}`, [`This certifies that ${p.full_name} passed ${p.schooling}.`]),
    },
    { kind: "recentPic", file: pngPhoto(`${base}_photo.png`, [shade, shade + 5, 250], [50 + random.int(0, 40), 60, 80]) },
  ];
}

/** Inserts the demo data; `hashes` maps each demo password to its hash. Run inside one transaction. */
export async function seedDemoData(trx: Kysely<DB>, hashes: Map<string, string>, now = new Date()): Promise<SeededAccount[]> {
  const random = new Random(20260101);
  const created = toDbTimestamp(now);
  const contacts = DEMO_ACCOUNTS.map((a, i) => ({
    username: a.username,
    email: `${a.username}@demo-agency.com.bd`,
    password_hash: hashes.get(a.password)!,
    contact_number: mobileNumber(random),
    emergency_contact_number: mobileNumber(random),
    address: DHAKA_AREAS[i % DHAKA_AREAS.length],
    nid_no: random.digits(10),
    passport_no: passportNumber(random),
    created_at: created,
    updated_at: created,
  }));
  const users = await trx.insertInto("users").values(contacts).returning(["id", "username"]).execute();
  const userId = (username: string) => users.find((u) => u.username === username)!.id;
  const roles = await trx.selectFrom("roles").select(["id", "name"]).execute();
  await trx
    .insertInto("user_roles")
    .values(DEMO_ACCOUNTS.map((a) => ({ user_id: userId(a.username), role_id: roles.find((r) => r.name === a.role)!.id })))
    .execute();

  const slots = await trx
    .insertInto("slots")
    .values(DEMO_SLOTS.map((slot_name) => ({ slot_name })))
    .returning(["id", "slot_name"])
    .execute();
  const ids: Ids = {
    superAdmin: userId("superadmin"),
    admin: userId("admin"),
    agents: ["agent", "agent2"].map((username) => ({ id: userId(username), username })),
    slots: slots.map((s) => ({ id: s.id, name: s.slot_name })),
  };

  const usedNumbers = new Set<string>();
  const planned = Array.from({ length: DEMO_PASSPORT_COUNT }, () => planPassport(random, ids, now, usedNumbers));
  // Every few passports carry documents, so each status has some with attachments.
  const step = Math.floor(DEMO_PASSPORT_COUNT / PASSPORTS_WITH_DOCUMENTS);
  planned.forEach((p, i) => {
    if (i % step !== 0) return;
    p.documents = documentsFor(random, p.row);
    for (const d of p.documents) {
      p.events.push({ at: new Date(p.row.created_at as string), userId: ids.admin, kind: "DOCUMENT", field: d.kind, newValue: JSON.stringify({ fileName: d.file.fileName, sha256: d.file.sha256 }) });
    }
  });

  const idByNumber = new Map<string, number>();
  for (const chunk of chunks(planned)) {
    const rows = await trx.insertInto("passports").values(chunk.map((p) => p.row)).returning(["id", "passport_no"]).execute();
    for (const r of rows) idByNumber.set(r.passport_no, r.id);
  }
  const idOf = (p: PlannedPassport) => idByNumber.get(p.row.passport_no as string)!;

  const events = planned.flatMap((p) =>
    p.events.map((e) => ({
      passport_id: idOf(p),
      user_id: e.userId,
      at: toDbTimestamp(e.at),
      kind: e.kind,
      field: e.field ?? null,
      old_value: e.oldValue ?? null,
      new_value: e.newValue ?? null,
    })),
  );
  for (const chunk of chunks(events, 200)) await trx.insertInto("passport_events").values(chunk).execute();

  const comments = planned.flatMap((p) =>
    p.comments.map((c) => ({ passport_id: idOf(p), user_id: c.userId, role: c.role, body: c.body, at: toDbTimestamp(c.at) })),
  );
  for (const chunk of chunks(comments, 200)) await trx.insertInto("passport_comments").values(chunk).execute();

  const documents = planned.flatMap((p) =>
    p.documents.map(({ kind, file }) => ({
      passport_id: idOf(p),
      kind,
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      bytes: file.bytes,
      created_at: p.row.created_at as string,
    })),
  );
  for (const chunk of chunks(documents)) await trx.insertInto("passport_documents").values(chunk).execute();

  await seedEmployers(trx, random, now, ids.admin, "admin");

  return DEMO_ACCOUNTS.map((a) => ({ ...a }));
}
