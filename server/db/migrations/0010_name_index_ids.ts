import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 12, PostgreSQL: migration 0008's name index also holds each passport's id, so that a name
 * with an owner, a slot or a visa type reads the ids of its matches there (index-only), the total and
 * the page at once, as SQLite does with the rowid its index holds anyway
 * (server/passports/list/query.ts).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`create index passports_name_owner_ids_idx on passports (lower(full_name), agent_id, admin_id, status, slot_id, visa_type) include (full_name, id)`.execute(db);
  await sql`drop index passports_name_owner_idx`.execute(db);
  await sql`analyze passports`.execute(db);
}
