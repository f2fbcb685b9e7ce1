/** Loads what goes into a session: the user's id, username and role names. */
import type { Kysely } from "kysely";
import type { Role } from "../../src/contract";
import type { SessionUser } from "../auth/tokens";
import type { DB } from "../db/schema";

export async function rolesOf(db: Kysely<DB>, userIds: number[]): Promise<Map<number, Role[]>> {
  const roles = new Map<number, Role[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return roles;
  const rows = await db
    .selectFrom("user_roles")
    .innerJoin("roles", "roles.id", "user_roles.role_id")
    .select(["user_roles.user_id", "roles.name"])
    .where("user_roles.user_id", "in", userIds)
    .orderBy("roles.id")
    .execute();
  for (const row of rows) roles.get(row.user_id)?.push(row.name as Role);
  return roles;
}

export async function sessionUser(db: Kysely<DB>, userId: number): Promise<SessionUser | undefined> {
  const user = await db.selectFrom("users").select(["id", "username"]).where("id", "=", userId).executeTakeFirst();
  if (!user) return undefined;
  const roles = (await rolesOf(db, [user.id])).get(user.id) ?? [];
  return { id: user.id, username: user.username, roles };
}
