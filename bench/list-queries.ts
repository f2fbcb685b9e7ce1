/** Fills a database with generated passports and times the API's passport lists through inject. */
import { performance } from "node:perf_hooks";
import { buildApp } from "../server/app";
import { hashPassword } from "../server/auth/passwords";
import { toDbBool } from "../server/db/values";
import { PASSPORT_STATUSES } from "../src/contract";

export interface ListTiming {
  name: string;
  p50: number;
  p95: number;
  rows: number;
  total: number;
}

const QUERIES = (agentId: number, adminId: number) => [
  { name: "admin pending, first page", url: "/api/passport/filter?isSuperAdminApproved=PENDING&page=0&size=10" },
  { name: "admin pending, page 100", url: "/api/passport/filter?isSuperAdminApproved=PENDING&page=100&size=10" },
  { name: "super admin final approval", url: "/api/passport/filter?isSuperAdminApproved=COMPLETED&page=0&size=50" },
  { name: "one agent's pending", url: `/api/passport/filter-agent-specific-passports/${agentId}?isSuperAdminApproved=PENDING&page=0&size=10` },
  { name: "one agent's passports, every status", url: `/api/passport/filter-agent-specific-passports/${agentId}?page=0&size=10` },
  { name: "one agent's pending and reviewed", url: `/api/passport/get-agent-pending-and-reviewed-passports/${agentId}?page=0&size=10` },
  { name: "pending and reviewed, page 100", url: "/api/passport/get-pending-and-reviewed-passports?page=100&size=10" },
  { name: "admin's data entry", url: `/api/passport/get-agent-passports/${adminId}?page=0&size=10` },
  { name: "name contains 'rahim'", url: "/api/passport/filter?isSuperAdminApproved=PENDING&fullName=rahim&page=0&size=10" },
  { name: "history, first page", url: "/api/passport/filter-history?page=0&size=100" },
];

const NAMES = ["Rahim", "Karim", "Salma", "Nasrin", "Jamal", "Farhana", "Habib", "Shirin", "Kamal", "Ruma"];
const FAMILY = ["Hossain", "Rahman", "Islam", "Uddin", "Akter", "Begum", "Chowdhury", "Mia", "Sarkar", "Sheikh"];

function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

export async function measureListQueries(databaseUrl: string, passports: number, runs: number): Promise<ListTiming[]> {
  const { app, database } = await buildApp({
    databaseUrl,
    jwtSecret: "bench-secret-0123456789-0123456789-abc",
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 3600,
    maxUploadBytes: 5 * 1024 * 1024,
    production: false,
    seedDemoData: false,
    logger: false,
  });
  const { db } = database;
  const now = new Date().toISOString();
  const hash = await hashPassword("bench123");
  const user = (username: string) => ({
    username, email: `${username}@bench.test`, password_hash: hash, contact_number: "01712345678",
    emergency_contact_number: "01812345678", address: "Dhaka", nid_no: "1", passport_no: "1", created_at: now, updated_at: now,
  });
  const [admin, ...agents] = await db.insertInto("users").values(["admin", "agent1", "agent2", "agent3", "agent4"].map(user)).returning("id").execute();
  const roleId = async (name: string) => (await db.selectFrom("roles").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
  await db.insertInto("user_roles").values([{ user_id: admin.id, role_id: await roleId("SUPER_ADMIN") }, { user_id: admin.id, role_id: await roleId("ADMIN") }]).execute();
  const slot = await db.insertInto("slots").values({ slot_name: "BENCH-01" }).returning("id").executeTakeFirstOrThrow();

  const started = performance.now();
  const CHUNK = 500;
  for (let i = 0; i < passports; i += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, passports - i) }, (_, k) => {
      const n = i + k;
      return {
        full_name: `${NAMES[n % 10]} ${FAMILY[Math.floor(n / 10) % 10]}`, passport_no: `B${String(n).padStart(8, "0")}`,
        fathers_name: "Abdul Karim", mothers_name: "Rahima Begum", schooling: "SSC", marital_status: "Single",
        telephone: `017${String(n).padStart(8, "0")}`, agent_id: agents[n % agents.length].id, agent_name: `agent${(n % agents.length) + 1}`,
        admin_id: admin.id, contract_amount: 400000, passport_issue_date: "2022-01-01", passport_expire_date: "2032-01-01",
        dob: "1995-05-05", visa_type: "WORKVISA", slot_id: slot.id, status: PASSPORT_STATUSES[n % PASSPORT_STATUSES.length],
        is_work_permit_approved: toDbBool(n % 2 === 0), created_at: now, updated_at: now,
      };
    });
    await db.insertInto("passports").values(rows).execute();
  }
  console.log(`Generated ${passports} passports in ${Math.round(performance.now() - started)} ms`);

  const login = await app.inject({ method: "POST", url: "/auth/login", payload: { username: "admin", password: "bench123" } });
  const headers = { authorization: `Bearer ${login.json().replyMessage.token}` };
  const timings: ListTiming[] = [];
  for (const query of QUERIES(agents[0].id, admin.id)) {
    const samples: number[] = [];
    let body: { replyMessage: { content: unknown[]; totalElements: number } } | undefined;
    for (let r = 0; r < runs + 2; r++) {
      const t0 = performance.now();
      const res = await app.inject({ method: "GET", url: query.url, headers });
      const elapsed = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${query.url} answered ${res.statusCode}: ${res.body}`);
      body = res.json();
      if (r >= 2) samples.push(elapsed); // the first two warm caches up
    }
    samples.sort((a, b) => a - b);
    timings.push({ name: query.name, p50: percentile(samples, 50), p95: percentile(samples, 95), rows: body!.replyMessage.content.length, total: body!.replyMessage.totalElements });
  }
  await app.close();
  return timings;
}
