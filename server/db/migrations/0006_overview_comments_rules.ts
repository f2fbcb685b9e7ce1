import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 14: the overview, the passport's file and the workflow rules.
 * - passports.status_changed_at: when the passport entered its status (null: the status it was
 *   created in, since created_at), backfilled from the STATUS events; comment_count for the lists.
 * - passport_comments: every comment kept, with its author, role and time; backfilled from the
 *   COMMENT events (and from a stored comment that has none).
 * - Indexes for the overview's counts and the lists' date-range filters, each led by the status.
 * - A passport number is unique among passports that are not REJECTED, whatever its case.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const timestamp = dialect === "postgres" ? "timestamptz" : "text";
  const id = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema.alterTable("passports").addColumn("status_changed_at", timestamp).execute();
  await db.schema.alterTable("passports").addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await sql`update passports set status_changed_at = (
    select max(e.at) from passport_events e where e.passport_id = passports.id and e.kind = 'STATUS'
  )`.execute(db);

  await db.schema
    .createTable("passport_comments")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", id)
    .addColumn("passport_id", "integer", (c) => c.notNull().references("passports.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("at", timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("passport_comments_passport_idx").on("passport_comments").columns(["passport_id", "id"]).execute();
  await db.schema.createIndex("passport_comments_user_idx").on("passport_comments").column("user_id").execute();

  await sql`insert into passport_comments (passport_id, user_id, role, body, at)
    select passport_id, user_id, case when field = 'commentByAdmin' then 'ADMIN' else 'SUPER_ADMIN' end, new_value, at
    from passport_events where kind = 'COMMENT' and new_value is not null order by id`.execute(db);
  for (const [column, field, role] of [
    ["comment_by_admin", "commentByAdmin", "ADMIN"],
    ["comment_by_super_admin", "commentBySuperAdmin", "SUPER_ADMIN"],
  ] as const) {
    await sql`insert into passport_comments (passport_id, user_id, role, body, at)
      select p.id, null, ${role}, ${sql.ref(`p.${column}`)}, p.updated_at from passports p
      where ${sql.ref(`p.${column}`)} is not null and not exists (
        select 1 from passport_events e where e.passport_id = p.id and e.kind = 'COMMENT' and e.field = ${field}
      )`.execute(db);
  }
  await sql`update passports set comment_count = (select count(*) from passport_comments c where c.passport_id = passports.id)`.execute(db);

  // The overview's counts and the lists' date filters read a range of one status in these; the agent
  // comes last so that the count of one agent's passports is answered from the index alone too.
  // (The two columns of the expression are in it as well, or SQLite reads the rows to evaluate it.)
  await sql`create index passports_status_since_idx on passports (status, (coalesce(status_changed_at, created_at)), agent_id, status_changed_at, created_at)`.execute(db);
  for (const column of ["visa_expire_date", "passport_expire_date", "flight_schedule_date"]) {
    await db.schema.createIndex(`passports_status_${column}_idx`).on("passports").columns(["status", column, "agent_id"]).execute();
  }
  await db.schema
    .createIndex("passports_status_milestones_idx")
    .on("passports")
    .columns(["status", "agent_id", "is_work_permit_approved", "is_gadget_published", "is_visa_applied", "is_visa_granted", "is_bmet_approved", "is_flight_scheduled"])
    .execute();

  await sql`create unique index passports_passport_no_active_key on passports (upper(passport_no)) where status <> 'REJECTED'`.execute(db);
}
