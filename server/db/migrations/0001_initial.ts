import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/** Column types that differ per dialect; everything else is shared. */
function types(dialect: Dialect) {
  const pg = dialect === "postgres";
  return {
    id: pg ? "serial" : "integer",
    bool: pg ? "boolean" : "integer",
    timestamp: pg ? "timestamptz" : "text",
    date: pg ? "date" : "text",
    bytes: pg ? "bytea" : "blob",
  } as const;
}

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const t = types(dialect);
  const id = (c: any) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement());
  const falseDefault = dialect === "postgres" ? sql`false` : sql`0`;

  await db.schema
    .createTable("roles")
    .addColumn("id", t.id, id)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .execute();
  await db.insertInto("roles").values([{ name: "AGENT" }, { name: "ADMIN" }, { name: "SUPER_ADMIN" }]).execute();

  await db.schema
    .createTable("users")
    .addColumn("id", t.id, id)
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("contact_number", "text", (c) => c.notNull())
    .addColumn("emergency_contact_number", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("nid_no", "text", (c) => c.notNull())
    .addColumn("passport_no", "text", (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  // Usernames and emails are unique whatever their case.
  await db.schema.createIndex("users_username_key").on("users").unique().expression(sql`lower(username)`).execute();
  await db.schema.createIndex("users_email_key").on("users").unique().expression(sql`lower(email)`).execute();

  await db.schema
    .createTable("user_roles")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role_id", "integer", (c) => c.notNull().references("roles.id"))
    .addPrimaryKeyConstraint("user_roles_pkey", ["user_id", "role_id"])
    .execute();

  await db.schema
    .createTable("user_files")
    .addColumn("id", t.id, id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("bytes", t.bytes, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("user_files_user_kind_key", ["user_id", "kind"])
    .execute();

  await db.schema
    .createTable("slots")
    .addColumn("id", t.id, id)
    .addColumn("slot_name", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("slots_name_key").on("slots").unique().expression(sql`lower(slot_name)`).execute();

  await db.schema
    .createTable("passports")
    .addColumn("id", t.id, id)
    .addColumn("full_name", "text", (c) => c.notNull())
    .addColumn("passport_no", "text", (c) => c.notNull())
    .addColumn("fathers_name", "text", (c) => c.notNull())
    .addColumn("mothers_name", "text", (c) => c.notNull())
    .addColumn("schooling", "text", (c) => c.notNull())
    .addColumn("marital_status", "text", (c) => c.notNull())
    .addColumn("telephone", "text", (c) => c.notNull())
    .addColumn("agent_id", "integer", (c) => c.notNull().references("users.id").onDelete("restrict"))
    .addColumn("agent_name", "text", (c) => c.notNull())
    .addColumn("admin_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("contract_amount", "integer", (c) => c.notNull())
    .addColumn("passport_issue_date", t.date, (c) => c.notNull())
    .addColumn("passport_expire_date", t.date, (c) => c.notNull())
    .addColumn("dob", t.date, (c) => c.notNull())
    .addColumn("visa_type", "text", (c) => c.notNull())
    .addColumn("slot_id", "integer", (c) => c.notNull().references("slots.id").onDelete("restrict"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("comment_by_admin", "text")
    .addColumn("comment_by_super_admin", "text")
    .addColumn("is_work_permit_approved", t.bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("is_gadget_published", t.bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("is_visa_applied", t.bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("is_visa_granted", t.bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("is_bmet_approved", t.bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("is_flight_scheduled", t.bool, (c) => c.notNull().defaultTo(falseDefault))
    .addColumn("visa_issue_date", t.date)
    .addColumn("visa_expire_date", t.date)
    .addColumn("flight_schedule_date", t.timestamp)
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("updated_at", t.timestamp, (c) => c.notNull())
    .execute();
  // Every list is "one status (or all), newest first", optionally for one agent or one admin.
  await db.schema.createIndex("passports_status_id_idx").on("passports").columns(["status", "id"]).execute();
  await db.schema.createIndex("passports_agent_status_id_idx").on("passports").columns(["agent_id", "status", "id"]).execute();
  await db.schema.createIndex("passports_admin_id_idx").on("passports").columns(["admin_id", "id"]).execute();
  await db.schema.createIndex("passports_slot_idx").on("passports").column("slot_id").execute();

  await db.schema
    .createTable("passport_documents")
    .addColumn("id", t.id, id)
    .addColumn("passport_id", "integer", (c) => c.notNull().references("passports.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("bytes", t.bytes, (c) => c.notNull())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addUniqueConstraint("passport_documents_passport_kind_key", ["passport_id", "kind"])
    .execute();

  await db.schema
    .createTable("passport_events")
    .addColumn("id", t.id, id)
    .addColumn("passport_id", "integer", (c) => c.notNull().references("passports.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("at", t.timestamp, (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("field", "text")
    .addColumn("old_value", "text")
    .addColumn("new_value", "text")
    .execute();
  await db.schema.createIndex("passport_events_passport_idx").on("passport_events").columns(["passport_id", "id"]).execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", t.id, id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("family_id", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", t.timestamp, (c) => c.notNull())
    .addColumn("family_expires_at", t.timestamp, (c) => c.notNull())
    .addColumn("used_at", t.timestamp)
    .addColumn("revoked_at", t.timestamp)
    .execute();
  await db.schema.createIndex("refresh_tokens_family_idx").on("refresh_tokens").column("family_id").execute();
}
