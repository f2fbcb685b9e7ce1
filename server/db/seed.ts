/** Demo data on the first start of the embedded default; the bootstrap super admin in production. */
import { type Kysely, sql } from "kysely";
import { hashPassword } from "../auth/passwords";
import { type AppConfig, ConfigError } from "../config";
import { DEMO_ACCOUNTS, type SeededAccount, seedDemoData } from "../seed/demo";
import type { Database } from "./database";
import type { DB } from "./schema";
import { fromDbCount, nowIso } from "./values";

export type { SeededAccount };

/**
 * Seeds demo data into an empty database (never in production), then creates the bootstrap super
 * admin if one is configured and none exists. Answers the accounts created on this start, to print.
 * A production database without any account and no bootstrap admin is a ConfigError: nobody could sign in.
 */
export async function prepareData(database: Database, config: AppConfig): Promise<SeededAccount[]> {
  if (config.production && !config.bootstrapAdmin && (await countUsers(database.db)) === 0) {
    throw new ConfigError(
      "The database has no account and NODE_ENV=production seeds none: set BOOTSTRAP_ADMIN_USERNAME and BOOTSTRAP_ADMIN_PASSWORD to create the first super admin",
    );
  }
  const seeded: SeededAccount[] = [];
  if (config.seedDemoData && !config.production && (await countUsers(database.db)) === 0) {
    seeded.push(...(await seedDemo(database)));
  }
  if (config.bootstrapAdmin) {
    const created = await bootstrapSuperAdmin(database, config.bootstrapAdmin);
    if (created) seeded.push(created);
  }
  return seeded;
}

async function countUsers(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return fromDbCount(row.n);
}

async function seedDemo(database: Database): Promise<SeededAccount[]> {
  // scrypt is deliberately slow: hash each distinct password once, before the transaction opens.
  const hashes = new Map<string, string>();
  for (const { password } of DEMO_ACCOUNTS) {
    if (!hashes.has(password)) hashes.set(password, await hashPassword(password));
  }
  return database.db.transaction().execute(async (trx) => {
    // Another process may have seeded meanwhile; seed only what is still empty.
    if ((await countUsers(trx)) > 0) return [];
    return seedDemoData(trx, hashes);
  });
}

/** The first super admin of a production install (BOOTSTRAP_ADMIN_USERNAME / _PASSWORD). */
async function bootstrapSuperAdmin(
  { db }: Database,
  { username, password }: { username: string; password: string },
): Promise<SeededAccount | undefined> {
  const hasSuperAdmin = async (q: Kysely<DB>) =>
    (await q
      .selectFrom("user_roles")
      .innerJoin("roles", "roles.id", "user_roles.role_id")
      .select("user_roles.user_id")
      .where("roles.name", "=", "SUPER_ADMIN")
      .limit(1)
      .executeTakeFirst()) !== undefined;
  if (await hasSuperAdmin(db)) return undefined;

  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    if (await hasSuperAdmin(trx)) return undefined;
    const taken = await trx.selectFrom("users").select("id").where(sql`lower(username)`, "=", username.toLowerCase()).executeTakeFirst();
    if (taken) {
      throw new Error(`BOOTSTRAP_ADMIN_USERNAME "${username}" belongs to an existing account that is not a super admin; choose another name`);
    }
    const now = nowIso();
    const local = username.toLowerCase().replace(/[^a-z0-9._-]+/g, "-").replace(/^[-.]+|[-.]+$/g, "") || "admin";
    const { id } = await trx
      .insertInto("users")
      .values({
        username,
        email: `${local}@localhost.localdomain`,
        password_hash: passwordHash,
        // Placeholders the super admin replaces on their profile; valid for the forms' rules.
        contact_number: "01700000000",
        emergency_contact_number: "01700000000",
        address: "Not set",
        nid_no: "Not set",
        passport_no: "Not set",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const role = await trx.selectFrom("roles").select("id").where("name", "=", "SUPER_ADMIN").executeTakeFirstOrThrow();
    await trx.insertInto("user_roles").values({ user_id: id, role_id: role.id }).execute();
    // The password came from the operator's environment: never echo it to the logs.
    return { username, password: "(BOOTSTRAP_ADMIN_PASSWORD)", role: "SUPER_ADMIN" };
  });
}
