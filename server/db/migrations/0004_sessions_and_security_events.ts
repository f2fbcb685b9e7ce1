import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Sessions (issue 11): one row per sign-in, whose id is the access tokens' `sid` claim and the
 * refresh-token family's id; accounts that can be disabled; and the security log.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const timestamp = dialect === "postgres" ? "timestamptz" : "text";
  const id = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema.alterTable("users").addColumn("disabled_at", timestamp).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addColumn("last_used_at", timestamp, (c) => c.notNull())
    .addColumn("ended_at", timestamp)
    .addColumn("end_reason", "text")
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").columns(["user_id", "created_at"]).execute();

  // Refresh-token families still alive become sessions, so nobody is signed out by the upgrade: their
  // access tokens carry no session id and are refused once, and the refresh that follows carries one.
  await sql`
    INSERT INTO sessions (id, user_id, created_at, last_used_at)
    SELECT family_id, MIN(user_id), MIN(created_at), MAX(created_at)
    FROM refresh_tokens WHERE revoked_at IS NULL
    GROUP BY family_id
  `.execute(db);

  await db.schema
    .createTable("security_events")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", id)
    .addColumn("at", timestamp, (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    // Who the event is about, and who did it when that is someone else (a super admin). The names
    // are kept as they were, so the log still reads right after a rename or a deletion.
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("username", "text")
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_username", "text")
    .addColumn("ip_address", "text")
    .addColumn("user_agent", "text")
    .addColumn("session_id", "text")
    .addColumn("details", "text")
    .execute();
  // The log is read newest first, whole, by kind or by user (the name, whatever its case).
  await db.schema.createIndex("security_events_kind_idx").on("security_events").columns(["kind", "id"]).execute();
  await sql`CREATE INDEX security_events_username_idx ON security_events (lower(username), id)`.execute(db);
  await db.schema.createIndex("security_events_user_idx").on("security_events").column("user_id").execute();
  await db.schema.createIndex("security_events_actor_idx").on("security_events").column("actor_id").execute();
}
