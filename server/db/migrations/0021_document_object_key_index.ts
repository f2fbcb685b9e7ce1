import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 29: `npm run storage:sweep` looks up each page of the bucket's listing by `object_key`, and a
 * backup lists the rows that have one. Partial indexes: rows whose bytes are in the database (the
 * embedded default, object_key null) take no room in them.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  for (const table of ["passport_documents", "record_files", "user_files"]) {
    await db.schema
      .createIndex(`${table}_object_key`)
      .on(table)
      .column("object_key")
      .where(sql.ref("object_key"), "is not", null)
      .execute();
  }
}
