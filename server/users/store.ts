/** Reads and writes of user accounts, their roles and their two files (passport, nid). */
import { type Kysely, sql } from "kysely";
import { ASSIGNABLE_ROLES, type AssignableRole, type Role, type UpdateUserInput, type User, type UserFileField } from "../../src/contract";
import type { DB } from "../db/schema";
import { fromDbCount, nowIso } from "../db/values";
import { conflict } from "../http/errors";
import type { UploadedFile } from "../http/multipart";
import type { DocumentStorage, FileToStore, FileWrite } from "../storage";
import { USER_COLUMNS, toUser } from "./dto";
import { rolesOf } from "./session";

/** The profile fields shared by create and update (everything but the password). */
export type UserFields = UpdateUserInput;
export type UserFiles = Partial<Record<UserFileField, UploadedFile>>;

const profileColumns = (f: UserFields) => ({
  username: f.username,
  email: f.email,
  contact_number: f.contactNumber,
  emergency_contact_number: f.emergencyContactNumber,
  address: f.address,
  nid_no: f.nidNo,
  passport_no: f.passportNo,
});

/** 409 with a field error when the username or email (any case) belongs to another account. */
export async function assertUsernameAndEmailFree(db: Kysely<DB>, f: Pick<UserFields, "username" | "email">, exceptId?: number): Promise<void> {
  let query = db
    .selectFrom("users")
    .select(["username", "email"])
    .where((eb) => eb.or([eb(sql`lower(username)`, "=", f.username.toLowerCase()), eb(sql`lower(email)`, "=", f.email.toLowerCase())]));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  const taken = await query.execute();
  const errors: Record<string, string> = {};
  if (taken.some((u) => u.username.toLowerCase() === f.username.toLowerCase())) errors.username = `Username ${f.username} is already taken`;
  if (taken.some((u) => u.email.toLowerCase() === f.email.toLowerCase())) errors.email = `Email ${f.email} is already in use`;
  if (Object.keys(errors).length) throw conflict(Object.values(errors).join("; "), errors);
}

export async function insertUser(db: Kysely<DB>, f: UserFields, passwordHash: string): Promise<number> {
  const now = nowIso();
  const row = await db
    .insertInto("users")
    .values({ ...profileColumns(f), password_hash: passwordHash, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the profile; false when the user does not exist. */
export async function updateUserFields(db: Kysely<DB>, id: number, f: UserFields): Promise<boolean> {
  const result = await db.updateTable("users").set({ ...profileColumns(f), updated_at: nowIso() }).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Where a user's file of this kind goes in the bucket (docs/storage.md "Keys"). */
export const userFilePlace = (kind: string): string[] => ["users", kind];

/** The sent files as files to store, each under its kind. */
export const userFilesToStore = (files: UserFiles): Map<UserFileField, FileToStore> =>
  new Map((Object.entries(files) as [UserFileField, UploadedFile | undefined][]).flatMap(([kind, file]) => (file ? [[kind, { file, place: userFilePlace(kind) }] as const] : [])));

/**
 * Writes the rows of the files sent (stored already by `DocumentStorage.write`), dropping the objects
 * of those they replace; a kind not sent keeps what is stored.
 */
export async function saveUserFiles(db: Kysely<DB>, userId: number, files: UserFiles, stored: FileWrite<UserFileField>): Promise<void> {
  const kinds = (Object.keys(files) as UserFileField[]).filter((kind) => files[kind]);
  if (kinds.length === 0) return;
  const previous = await db.selectFrom("user_files").select("object_key").where("user_id", "=", userId).where("kind", "in", kinds).execute();
  stored.drop(previous.map((p) => p.object_key));
  for (const kind of kinds) {
    const file = files[kind]!;
    const columns = {
      file_name: file.fileName,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
      ...stored.columns(kind),
      created_at: nowIso(),
    };
    await db
      .insertInto("user_files")
      .values({ user_id: userId, kind, ...columns })
      .onConflict((oc) => oc.columns(["user_id", "kind"]).doUpdateSet(columns))
      .execute();
  }
}

/** Gives the user exactly one assignable role, replacing AGENT/ADMIN (SUPER_ADMIN is not touched). */
export async function replaceAssignableRole(db: Kysely<DB>, userId: number, role: AssignableRole): Promise<void> {
  const roleIds = db.selectFrom("roles").select("id").where("name", "in", [...ASSIGNABLE_ROLES]);
  await db.deleteFrom("user_roles").where("user_id", "=", userId).where("role_id", "in", roleIds).execute();
  const { id } = await db.selectFrom("roles").select("id").where("name", "=", role).executeTakeFirstOrThrow();
  await db.insertInto("user_roles").values({ user_id: userId, role_id: id }).execute();
}

/** Users holding any of the roles, as dropdown options ordered by username. */
export async function usersWithRoles(db: Kysely<DB>, roles: Role[]): Promise<{ id: number; username: string }[]> {
  return db
    .selectFrom("users")
    .select(["users.id", "users.username"])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("user_roles")
          .innerJoin("roles", "roles.id", "user_roles.role_id")
          .select("user_roles.user_id")
          .whereRef("user_roles.user_id", "=", "users.id")
          .where("roles.name", "in", roles),
      ),
    )
    .orderBy(sql`lower(users.username)`)
    .orderBy("users.id")
    .execute();
}

/** The objects of the user's files, for `FileWrite.drop` when the user is deleted. */
export async function userFileObjects(db: Kysely<DB>, userId: number): Promise<(string | null)[]> {
  return (await db.selectFrom("user_files").select("object_key").where("user_id", "=", userId).execute()).map((r) => r.object_key);
}

/**
 * One user as the contract's User, with file data when `storage` is given (the two files, whole: the
 * reply holds them in base64); undefined when unknown.
 */
export async function loadUser(db: Kysely<DB>, id: number, storage?: DocumentStorage): Promise<User | undefined> {
  const row = await db.selectFrom("users").select(USER_COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const roles = (await rolesOf(db, [id])).get(id) ?? [];
  if (!storage) return toUser(row, roles);
  const rows = await db
    .selectFrom("user_files")
    .select(["kind", "file_name", "content_type", "size", "bytes", "object_key"])
    .where("user_id", "=", id)
    .execute();
  const files = await Promise.all(rows.map(async ({ object_key, ...file }) => ({ ...file, bytes: await storage.whole({ bytes: file.bytes, object_key }) })));
  return toUser(row, roles, files);
}

/** A page of users ordered by id, without file data. */
export async function listUsers(db: Kysely<DB>, offset: number, limit: number): Promise<{ users: User[]; total: number }> {
  const [{ count }, rows] = await Promise.all([
    db.selectFrom("users").select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
    db.selectFrom("users").select(USER_COLUMNS).orderBy("id").limit(limit).offset(offset).execute(),
  ]);
  const roles = await rolesOf(db, rows.map((r) => r.id));
  return { users: rows.map((r) => toUser(r, roles.get(r.id) ?? [])), total: fromDbCount(count) };
}

/** Every user in the list's order (by id), a batch at a time, without file data: the User List's file. */
export async function* userBatches(db: Kysely<DB>, batch = 500): AsyncGenerator<User[]> {
  let after = 0;
  for (;;) {
    const rows = await db.selectFrom("users").select(USER_COLUMNS).where("id", ">", after).orderBy("id").limit(batch).execute();
    const roles = await rolesOf(db, rows.map((r) => r.id));
    if (rows.length > 0) yield rows.map((r) => toUser(r, roles.get(r.id) ?? []));
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}
