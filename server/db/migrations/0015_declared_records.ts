import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 26: what every declared resource shares (docs/resources.md).
 * - record_history: each create, update and delete of a declared resource's record, with who and when
 *   and what changed (`changes`, JSON text: [{field, from, to}]), written in the write's transaction.
 *   The user is kept by id and by the name they had, without a foreign key: the history outlives
 *   the account, as the security log does.
 * - record_files: the file of a declared resource's file field, one row per (resource, record, field),
 *   its bytes stored as the passport documents' are (bytea / blob).
 * Both name the resource by its declared name, so one table serves every resource; a record's rows go
 * when the record is deleted (the engine deletes them in the same transaction; history stays).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const pg = dialect === "postgres";
  const timestamp = pg ? "timestamptz" : "text";
  const id = (c: any) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());

  await db.schema
    .createTable("record_history")
    .addColumn("id", pg ? "serial" : "integer", id)
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("record_id", "integer", (c) => c.notNull())
    .addColumn("at", timestamp, (c) => c.notNull())
    .addColumn("user_id", "integer")
    .addColumn("username", "text")
    .addColumn("action", "text", (c) => c.notNull().check(sql`action in ('created', 'updated', 'deleted')`))
    .addColumn("changes", "text", (c) => c.notNull())
    .execute();
  // A record's timeline, newest first.
  await db.schema.createIndex("record_history_record_idx").on("record_history").columns(["resource", "record_id", "id"]).execute();

  await db.schema
    .createTable("record_files")
    .addColumn("id", pg ? "serial" : "integer", id)
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("record_id", "integer", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("bytes", pg ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("created_at", timestamp, (c) => c.notNull())
    .addUniqueConstraint("record_files_record_field_key", ["resource", "record_id", "field"])
    .execute();
}
