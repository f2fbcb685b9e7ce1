/** User accounts (spec §7 "Authentication and users"); access as in docs/access.md. */
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { z } from "zod";
import {
  PATHS,
  type Role,
  USER_FILE_FIELDS,
  type User,
  assignRoleQuerySchema,
  createUserSchema,
  exportQuerySchema,
  forgotPasswordSchema,
  idParamSchema,
  paginationSchema,
  updateUserSchema,
  userIdParamSchema,
} from "../../src/contract";
import { agentOptionSchema, createdIdSchema, envelopeOf, noRecordSchema, pageOf, userSchema } from "../../src/contract/replies";
import { hashPassword } from "../auth/passwords";
import { currentUser, hasRole } from "../auth/access";
import { sessionsText } from "../auth/sessions";
import type { AppContext, RouteModule } from "../context";
import type { DB } from "../db/schema";
import { fromDbCount } from "../db/values";
import { ok, page } from "../http/envelope";
import { conflict, forbidden, notFound } from "../http/errors";
import { readMultipart } from "../http/multipart";
import { bodyReadByHandler, parse } from "../http/validate";
import {
  assertUsernameAndEmailFree,
  insertUser,
  listUsers,
  loadUser,
  replaceAssignableRole,
  saveUserFiles,
  userFileObjects,
  userFilePlace,
  userFilesToStore,
  updateUserFields,
  userBatches,
  usersWithRoles,
} from "../users/store";
import { rolesOf } from "../users/session";
import { changeOf } from "../live/change";
import { type RecordColumns, checkColumns, chosenColumns, exportColumnsOf, recordRows } from "../export/columns";
import { assertFitsXlsx, sendExport } from "../export/send";

/** The User List's columns (spec §2, its actions aside), as the screen writes them; its file's too. */
const USER_LIST_COLUMNS: RecordColumns<User> = {
  username: { header: "Username", text: (u) => u.username },
  contactNumber: { header: "Contact Number", text: (u) => u.contactNumber },
  email: { header: "Email", text: (u) => u.email },
  address: { header: "Address", text: (u) => u.address },
  roles: { header: "Roles", text: (u) => u.roles.map((role) => role.name).join(", ") },
};

/** The same answer whether or not the email is known. This server sends no email, and says so. */
export const FORGOT_PASSWORD_REPLY =
  "If that email belongs to an account, a reset would be arranged; this server does not send email, so please ask your super admin.";

const readUserMultipart = (request: Parameters<typeof readMultipart>[0], ctx: AppContext) =>
  readMultipart(request, { fileFields: USER_FILE_FIELDS, maxBytes: ctx.config.maxUploadBytes, sink: ctx.storage.sinkFor(request, userFilePlace) });

/** What signup and update-user send: the JSON part `data` and the two optional files. */
const uploadOf = (data: z.ZodType) => ({
  content: {
    "multipart/form-data": {
      schema: z.object({
        data: data.meta({ description: "JSON of the user's fields (a part of type application/json or a text field)" }),
        passport: z.file().optional().meta({ description: "The user's passport: PDF, PNG or JPEG" }),
        nid: z.file().optional().meta({ description: "The user's NID: PDF, PNG or JPEG" }),
      }),
    },
  },
});

const signupUpload = uploadOf(createUserSchema);
const updateUserUpload = uploadOf(updateUserSchema);

/** Who may list users: the User List's route, and who hears of changes to users (docs/live.md). */
export const USERS_LIST_ROLES: Role[] = ["SUPER_ADMIN"];

const tags = ["Users"];
const userReply = { 200: envelopeOf(userSchema) };
const nothing = { 200: envelopeOf(noRecordSchema) };

async function existingUser(db: Kysely<DB>, id: number) {
  const user = await loadUser(db, id);
  if (!user) throw notFound("User");
  return user;
}

async function assertUserExists(db: Kysely<DB>, id: number): Promise<void> {
  const row = await db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("User");
}

export const userRoutes: RouteModule = (fastify, ctx) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signup = {
    summary: "Create a user",
    description: "The account has no role until assign-role gives it one (docs/access.md).",
    tags,
    body: signupUpload,
    response: { 201: envelopeOf(createdIdSchema) },
  };
  app.post(PATHS.signup, { config: { access: ["SUPER_ADMIN"] }, schema: signup, validatorCompiler: bodyReadByHandler }, async (request, reply) => {
    const { data, files } = await readUserMultipart(request, ctx);
    const { password, ...fields } = parse(createUserSchema, data);
    await assertUsernameAndEmailFree(ctx.db, fields);
    const passwordHash = await hashPassword(password);
    const id = await ctx.storage.write(userFilesToStore(files), (stored) =>
      ctx.db.transaction().execute(async (trx) => {
        const userId = await insertUser(trx, fields, passwordHash);
        await saveUserFiles(trx, userId, files, stored);
        return userId;
      }),
    );
    ctx.live.publish(changeOf("users", "created", [{ id }]));
    return reply.code(201).send(ok({ id }, "User created successfully"));
  });

  const assignRole = {
    summary: "Give a user the role AGENT or ADMIN",
    description: "Replaces the user's assignable role; a change ends the user's sessions.",
    tags,
    params: userIdParamSchema,
    querystring: assignRoleQuerySchema,
    response: userReply,
  };
  app.post(PATHS.assignRole, { config: { access: ["SUPER_ADMIN"] }, schema: assignRole }, async (request) => {
    const { userId } = request.params;
    const { roleName } = request.query;
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
    ctx.live.publish(changeOf("users", "updated", [{ id: userId }]));
    return ok(await existingUser(ctx.db, userId), `Role ${roleName} assigned`);
  });

  const updateUser = { summary: "Update a user", tags, params: userIdParamSchema, body: updateUserUpload, response: userReply };
  app.put(PATHS.updateUser, { config: { access: ["SUPER_ADMIN"] }, schema: updateUser, validatorCompiler: bodyReadByHandler }, async (request) => {
    const { userId } = request.params;
    const { data, files } = await readUserMultipart(request, ctx);
    const fields = parse(updateUserSchema, data);
    await assertUserExists(ctx.db, userId);
    await assertUsernameAndEmailFree(ctx.db, fields, userId);
    const renamedPassports = await ctx.storage.write(userFilesToStore(files), (stored) => ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
      if (!before || !(await updateUserFields(trx, userId, fields))) throw notFound("User");
      // passports.agent_name is a copy of the agent's username (the agentName filter searches it).
      const renamed =
        before.username === fields.username
          ? []
          : await trx.updateTable("passports").set({ agent_name: fields.username }).where("agent_id", "=", userId).returning("id").execute();
      await saveUserFiles(trx, userId, files, stored);
      return renamed;
    }));
    ctx.live.publish(changeOf("users", "updated", [{ id: userId }]));
    ctx.live.publish(changeOf("passports", "updated", renamedPassports.map(({ id }) => ({ id, owner: userId }))));
    return ok(await existingUser(ctx.db, userId), "User Updated Successfully");
  });

  const deleteUser = {
    summary: "Delete a user",
    description: "Refused (409) while the user is the agent of any passport, and for one's own account.",
    tags,
    params: userIdParamSchema,
    response: nothing,
  };
  app.delete(PATHS.deleteUser, { config: { access: ["SUPER_ADMIN"] }, schema: deleteUser }, async (request) => {
    const { userId } = request.params;
    if (userId === currentUser(request).id) throw conflict("You cannot delete your own account");
    await ctx.storage.write(new Map(), (stored) => ctx.db.transaction().execute(async (trx) => {
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
      // The files' objects go once this has committed.
      stored.drop(await userFileObjects(trx, userId));
      await trx.deleteFrom("users").where("id", "=", userId).execute();
    }));
    ctx.live.publish(changeOf("users", "deleted", [{ id: userId }]));
    return ok(null, "User deleted successfully");
  });

  const getUser = { summary: "A user, with their files", description: "Anyone may read their own account.", tags, params: idParamSchema, response: userReply };
  app.get(PATHS.getUser, { config: { access: ["AGENT", "ADMIN", "SUPER_ADMIN"] }, schema: getUser }, async (request) => {
    const { id } = request.params;
    const me = currentUser(request);
    if (id !== me.id && !hasRole(me, "SUPER_ADMIN")) throw forbidden("You may only see your own account");
    const user = await loadUser(ctx.db, id, ctx.storage);
    if (!user) throw notFound("User");
    return ok(user);
  });

  const options = { 200: envelopeOf(z.array(agentOptionSchema)) };
  const allAgents = { summary: "The agents, for dropdowns", tags, response: options };
  app.get(PATHS.allAgents, { config: { access: ["ADMIN", "SUPER_ADMIN"] }, schema: allAgents }, async () => ok(await usersWithRoles(ctx.db, ["AGENT"])));

  const allAgentsAndAdmins = { summary: "The agents and admins, for dropdowns", tags, response: options };
  app.get(PATHS.allAgentsAndAdmins, { config: { access: ["ADMIN", "SUPER_ADMIN"] }, schema: allAgentsAndAdmins }, async () =>
    ok(await usersWithRoles(ctx.db, ["AGENT", "ADMIN"])),
  );

  const allUsers = {
    summary: "A page of users",
    description: `With \`format=csv\` or \`format=xlsx\` every user as a file (page and size ignored; \`columns\` of ${Object.keys(USER_LIST_COLUMNS).join(", ")}).`,
    tags,
    querystring: paginationSchema.extend(exportQuerySchema.shape).superRefine(checkColumns(Object.keys(USER_LIST_COLUMNS))),
    response: { 200: envelopeOf(pageOf(userSchema)) },
  };
  app.get(PATHS.allUsers, { config: { access: USERS_LIST_ROLES }, schema: allUsers }, async (request, reply) => {
    const query = request.query;
    if (query.format) {
      const chosen = chosenColumns(USER_LIST_COLUMNS, query.columns);
      if (query.format === "xlsx") assertFitsXlsx((await listUsers(ctx.db, 0, 1)).total, ctx.limits.exportXlsxMaxRows);
      const rows = recordRows(chosen, userBatches(ctx.db));
      return sendExport(reply, { format: query.format, name: "users", sheet: "Users", columns: exportColumnsOf(chosen), rows, now: ctx.clock() });
    }
    const { users, total } = await listUsers(ctx.db, query.page * query.size, query.size);
    return ok(page(users, total, query));
  });

  const forgotPassword = {
    summary: "Ask for a password reset",
    description: "Answers the same whether or not the email is known; this server sends no email.",
    tags,
    body: forgotPasswordSchema,
    response: nothing,
  };
  app.post(PATHS.forgotPassword, { config: { access: "public" }, schema: forgotPassword }, async (request) => {
    const { email } = request.body;
    const user = await ctx.db.selectFrom("users").select("id").where(sql`lower(email)`, "=", email.toLowerCase()).executeTakeFirst();
    request.log.info(
      user ? `Password reset requested for user ${user.id}; no email is sent` : "Password reset requested for an unknown email",
    );
    return ok(null, FORGOT_PASSWORD_REPLY);
  });
};
