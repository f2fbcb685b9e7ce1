import type { Kysely } from "kysely";

/**
 * Indexes that 0001 lacked: one agent's passports of every status, newest first; and the user
 * columns that deleting a user searches (its events and refresh tokens).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("passports_agent_id_idx").on("passports").columns(["agent_id", "id"]).execute();
  await db.schema.createIndex("passport_events_user_idx").on("passport_events").column("user_id").execute();
  await db.schema.createIndex("refresh_tokens_user_idx").on("refresh_tokens").column("user_id").execute();
}
