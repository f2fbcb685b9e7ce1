/** User accounts (spec §7 "Authentication and users"); access as in docs/access.md. */
import { type Kysely, sql } from "kysely";
import {
  PATHS,
  USER_FILE_FIELDS,
  assignRoleQuerySchema,
  createUserSchema,
  forgotPasswordSchema,
  idParamSchema,
  paginationSchema,
  updateUserSchema,
  userIdParamSchema,
} from "../../src/contract";
import { hashPassword } from "../auth/passwords";
import { currentUser, hasRole } from "../auth/access";
import { sessionsText } from "../auth/sessions";
import type { AppContext, RouteModule } from "../context";
import type { DB } from "../db/schema";
import { fromDbCount } from "../db/values";
import { ok, page } from "../http/envelope";
import { conflict, forbidden, notFound } from "../http/errors";
import { readMultipart } from "../http/multipart";
import { parse } from "../http/validate";
import {
  assertUsernameAndEmailFree,
  insertUser,
  listUsers,
  loadUser,
  replaceAssignableRole,
  saveUserFiles,
  updateUserFields,
  usersWithRoles,
} from "../users/store";
import { rolesOf } from "../users/session";

/** The same answer whether or not the email is known. This server sends no email, and says so. */
export const FORGOT_PASSWORD_REPLY =
  "If that email belongs to an account, a reset would be arranged; this server does not send email, so please ask your super admin.";

const readUserMultipart = (request: Parameters<typeof readMultipart>[0], ctx: AppContext) =>
  readMultipart(request, { fileFields: USER_FILE_FIELDS, maxBytes: ctx.config.maxUploadBytes });

async function assertUserExists(db: Kysely<DB>, id: number): Promise<void> {
  const row = await db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("User");
}

export const userRoutes: RouteModule = (app, ctx) => {
  app.post(PATHS.signup, { config: { access: ["SUPER_ADMIN"] } }, async (request, reply) => {
    const { data, files } = await readUserMultipart(request, ctx);
    const { password, ...fields } = parse(createUserSchema, data);
    await assertUsernameAndEmailFree(ctx.db, fields);
    const passwordHash = await hashPassword(password);
    const id = await ctx.db.transaction().execute(async (trx) => {
      const userId = await insertUser(trx, fields, passwordHash);
      await saveUserFiles(trx, userId, files);
      return userId;
    });
    return reply.code(201).send(ok({ id }, "User created successfully"));
  });

  app.post(PATHS.assignRole, { config: { access: ["SUPER_ADMIN"] } }, async (request) => {
    const { userId } = parse(userIdParamSchema, request.params);
    const { roleName } = parse(assignRoleQuerySchema, request.query);
    await ctx.db.transaction().execute(async (trx) => {
      await assertUserExists(trx, userId);
      const roles = (await rolesOf(trx, [userId])).get(userId) ?? [];
      if (roles.includes("SUPER_ADMIN")) throw conflict("A super admin's role cannot be changed");
      await replaceAssignableRole(trx, userId, roleName);
      // Access tokens carry the roles: a change ends the user's sessions, so no token keeps the old ones.
      if (roles.length === 1 && roles[0] === roleName) return;
      const ended = await ctx.sessions.endAllOf(userId, "role-changed", { db: trx });
      if (ended.length === 0) return;
      const details = `Role changed to ${roleName}; ${sessionsText(ended.length)} ended`;
      await ctx.securityEvents.record({ kind: "SESSIONS_REVOKED", user: { id: userId }, actor: currentUser(request), details }, request, trx);
    });
    return ok(await loadUser(ctx.db, userId), `Role ${roleName} assigned`);
  });

  app.put(PATHS.updateUser, { config: { access: ["SUPER_ADMIN"] } }, async (request) => {
    const { userId } = parse(userIdParamSchema, request.params);
    const { data, files } = await readUserMultipart(request, ctx);
    const fields = parse(updateUserSchema, data);
    await assertUserExists(ctx.db, userId);
    await assertUsernameAndEmailFree(ctx.db, fields, userId);
    await ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
      if (!before || !(await updateUserFields(trx, userId, fields))) throw notFound("User");
      // passports.agent_name is a copy of the agent's username (the agentName filter searches it).
      if (before.username !== fields.username) {
        await trx.updateTable("passports").set({ agent_name: fields.username }).where("agent_id", "=", userId).execute();
      }
      await saveUserFiles(trx, userId, files);
    });
    return ok(await loadUser(ctx.db, userId), "User Updated Successfully");
  });

  app.delete(PATHS.deleteUser, { config: { access: ["SUPER_ADMIN"] } }, async (request) => {
    const { userId } = parse(userIdParamSchema, request.params);
    if (userId === currentUser(request).id) throw conflict("You cannot delete your own account");
    await ctx.db.transaction().execute(async (trx) => {
      await assertUserExists(trx, userId);
      const { count } = await trx
        .selectFrom("passports")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("agent_id", "=", userId)
        .executeTakeFirstOrThrow();
      const passports = fromDbCount(count);
      if (passports > 0) {
        throw conflict(`This user is the agent of ${passports} passport(s); reassign or delete them before deleting the user`);
      }
      const ended = await ctx.sessions.endAllOf(userId, "revoked", { db: trx });
      if (ended.length > 0) {
        const details = `Account deleted; ${sessionsText(ended.length)} ended`;
        await ctx.securityEvents.record({ kind: "SESSIONS_REVOKED", user: { id: userId }, actor: currentUser(request), details }, request, trx);
      }
      // Roles, files, sessions and refresh tokens go with the user (ON DELETE CASCADE); the log keeps the name.
      await trx.deleteFrom("users").where("id", "=", userId).execute();
    });
    return ok(null, "User deleted successfully");
  });

  app.get(PATHS.getUser, { config: { access: ["AGENT", "ADMIN", "SUPER_ADMIN"] } }, async (request) => {
    const { id } = parse(idParamSchema, request.params);
    const me = currentUser(request);
    if (id !== me.id && !hasRole(me, "SUPER_ADMIN")) throw forbidden("You may only see your own account");
    const user = await loadUser(ctx.db, id, true);
    if (!user) throw notFound("User");
    return ok(user);
  });

  app.get(PATHS.allAgents, { config: { access: ["ADMIN", "SUPER_ADMIN"] } }, async () => ok(await usersWithRoles(ctx.db, ["AGENT"])));

  app.get(PATHS.allAgentsAndAdmins, { config: { access: ["ADMIN", "SUPER_ADMIN"] } }, async () =>
    ok(await usersWithRoles(ctx.db, ["AGENT", "ADMIN"])),
  );

  app.get(PATHS.allUsers, { config: { access: ["SUPER_ADMIN"] } }, async (request) => {
    const query = parse(paginationSchema, request.query);
    const { users, total } = await listUsers(ctx.db, query.page * query.size, query.size);
    return ok(page(users, total, query));
  });

  app.post(PATHS.forgotPassword, { config: { access: "public" } }, async (request) => {
    const { email } = parse(forgotPasswordSchema, request.body);
    const user = await ctx.db.selectFrom("users").select("id").where(sql`lower(email)`, "=", email.toLowerCase()).executeTakeFirst();
    request.log.info(
      user ? `Password reset requested for user ${user.id}; no email is sent` : "Password reset requested for an unknown email",
    );
    return ok(null, FORGOT_PASSWORD_REPLY);
  });
};
