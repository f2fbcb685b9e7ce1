import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 12: a name filter with an agent, an admin, a slot or a visa type counted over the names that
 * match (passport_names, as the name alone is), then in this index, name by name, without reading the
 * passports or walking the text index through every passport that carries a common name.
 *
 * On PostgreSQL the index also holds full_name itself, without which it cannot answer lower(full_name)
 * alone (no index-only scan), and ANALYZE gathers the statistics of lower(full_name), without which
 * the planner takes each name for a thousand passports rather than a few.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const include = dialect === "postgres" ? sql` include (full_name)` : sql``;
  await sql`create index passports_name_owner_idx on passports (lower(full_name), agent_id, admin_id, status, slot_id, visa_type)${include}`.execute(db);
  if (dialect === "postgres") await sql`analyze passports`.execute(db);
}
