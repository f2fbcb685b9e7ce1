import type { Kysely } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 27: a declared resource's record created by a spreadsheet import says so in its history: the
 * "created" entry keeps the file's name (null for every other write).
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable("record_history").addColumn("imported_from", "text").execute();
}
