import type { Kysely } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 28: the language a user chose ("en" or "bn"), which follows them to every browser they sign in
 * from; null until they choose one.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable("users").addColumn("language", "text").execute();
}
