import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Failed sign-ins, counted per username and per client address in the database, so that every API
 * node sharing it enforces one limit (server/auth/sign-in-throttle.ts).
 *
 * On PostgreSQL the stored files are kept uncompressed out of line (STORAGE EXTERNAL): PDF, PNG and
 * JPEG do not compress anyway, and get-attachments reads them in slices with substr(), which then
 * fetches only the slice's chunks instead of the whole value.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("sign_in_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_started_at", dialect === "postgres" ? "timestamptz" : "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sign_in_throttle_window_idx").on("sign_in_throttle").column("window_started_at").execute();
  if (dialect === "postgres") {
    await sql`ALTER TABLE passport_documents ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
    await sql`ALTER TABLE user_files ALTER COLUMN bytes SET STORAGE EXTERNAL`.execute(db);
  }
}
