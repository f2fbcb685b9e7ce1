import type { Kysely } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 29: a stored file's bytes may live in object storage (docs/storage.md). `object_key` names the
 * object; null keeps the bytes in the row as before. `bytes` stays NOT NULL and holds an empty blob
 * while the object holds the file: SQLite cannot drop a NOT NULL without rebuilding the table, which
 * would copy every stored document at start-up.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const table of ["passport_documents", "record_files", "user_files"]) {
    await db.schema.alterTable(table).addColumn("object_key", "text").execute();
  }
}
