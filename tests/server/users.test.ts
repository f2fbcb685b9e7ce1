import { createHash } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, type Role } from "../../src/contract";
import { FORGOT_PASSWORD_REPLY } from "../../server/routes/users";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { fakePdfPart, multipart, pdfPart, pngPart, tinyPdf, tinyPng, type UploadPart } from "./uploads";

let seq = 0;
/** The `data` part of a valid signup; `agentrole` is sent as the app does, and ignored. */
function userData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = `u${++seq}`;
  return {
    username: `user_${n}`,
    contactNumber: "01712345678",
    emergencyContactNumber: "01898765432",
    email: `${n}@agency.test`,
    password: "secret1",
    address: "Mirpur 10, Dhaka",
    nidNo: "19901234567",
    passportNo: "EB7654321",
    agentrole: "AGENT",
    ...overrides,
  };
}

const withoutPassword = ({ password: _p, ...rest }: Record<string, unknown>) => rest;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** No reply may carry a password or its hash. */
function expectNoSecrets(res: LightMyRequestResponse) {
  expect(res.body).not.toMatch(/password_hash|passwordHash|scrypt\$|secret1|another-password/);
  expect(JSON.stringify(res.json().replyMessage ?? null)).not.toContain('"password"');
}

async function countRows(t: TestApp) {
  const users = await t.db.selectFrom("users").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  const files = await t.db.selectFrom("user_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return { users: Number(users.n), files: Number(files.n) };
}

/** Inserts a user with roles straight into the database (no sign-in: cheaper than createUser). */
async function insertUser(t: TestApp, username: string, roles: Role[]): Promise<number> {
  const now = new Date().toISOString();
  const { id } = await t.db
    .insertInto("users")
    .values({
      username,
      email: `${username}@list.test`,
      password_hash: "scrypt$not-a-real-hash",
      contact_number: "01712345678",
      emergency_contact_number: "01812345678",
      address: "Dhaka",
      nid_no: "123",
      passport_no: "P123",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const role of roles) {
    const r = await t.db.selectFrom("roles").select("id").where("name", "=", role).executeTakeFirstOrThrow();
    await t.db.insertInto("user_roles").values({ user_id: id, role_id: r.id }).execute();
  }
  return id;
}

describe.each(DIALECTS)("users on %s", (dialect) => {
  let t: TestApp;
  let superAdmin: TestUser;
  let admin: TestUser;
  let agent: TestUser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
    admin = await createUser(t, "admin1", ["ADMIN"]);
    agent = await createUser(t, "agent1", ["AGENT"]);
  });
  afterAll(() => t.close());

  async function signup(data: unknown, files: Record<string, UploadPart | UploadPart[] | string> = {}, as: TestUser = superAdmin) {
    const body = await multipart(data, files);
    const res = await call(t, as, { method: "POST", url: "/auth/signup", ...body });
    expectNoSecrets(res);
    return res;
  }

  async function updateUser(userId: number, data: unknown, files: Record<string, UploadPart | UploadPart[] | string> = {}) {
    const body = await multipart(data, files);
    const res = await call(t, superAdmin, { method: "PUT", url: `/auth/update-user/${userId}`, ...body });
    expectNoSecrets(res);
    return res;
  }

  async function getUser(id: number, as: TestUser = superAdmin) {
    const res = await call(t, as, { method: "GET", url: `/auth/get-user/${id}` });
    expectNoSecrets(res);
    return res;
  }

  const assignRole = (userId: number | string, roleName?: string) =>
    call(t, superAdmin, { method: "POST", url: `/api/admin/assign-role/user/${userId}${roleName ? `?roleName=${roleName}` : ""}` });

  describe("signup", () => {
    it("creates a user with a hashed password and a real PDF and PNG, and answers its id", async () => {
      const data = userData({ username: "Rahim.Agent" });
      const passport = pdfPart("passport-scan.pdf");
      const nid = pngPart("nid-front.png");
      const res = await signup(data, { passport, nid });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ success: true, errorMessage: null, replyMessage: { id: expect.any(Number) } });
      const id = body.replyMessage.id;

      const row = await t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ username: "Rahim.Agent", email: data.email, contact_number: "01712345678", nid_no: "19901234567" });
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain("secret1");
      const roles = await t.db.selectFrom("user_roles").select("role_id").where("user_id", "=", id).execute();
      expect(roles).toEqual([]); // agentrole is ignored: the app assigns the role through assign-role

      const files = await t.db.selectFrom("user_files").selectAll().where("user_id", "=", id).orderBy("kind").execute();
      expect(files.map((f) => ({ kind: f.kind, file_name: f.file_name, content_type: f.content_type, size: Number(f.size), sha256: f.sha256 }))).toEqual([
        { kind: "nid", file_name: "nid-front.png", content_type: "image/png", size: nid.bytes.length, sha256: sha256(nid.bytes) },
        { kind: "passport", file_name: "passport-scan.pdf", content_type: "application/pdf", size: passport.bytes.length, sha256: sha256(passport.bytes) },
      ]);
      expect(Buffer.from(files[1].bytes).equals(passport.bytes)).toBe(true);

      const got = await getUser(id);
      expect(got.statusCode).toBe(200);
      expect(got.json().replyMessage).toEqual({
        id,
        username: "Rahim.Agent",
        contactNumber: "01712345678",
        email: data.email,
        address: "Mirpur 10, Dhaka",
        emergencyContactNumber: "01898765432",
        nidNo: "19901234567",
        passportNo: "EB7654321",
        roles: [],
        enabled: true,
        passportPdf: { data: passport.bytes.toString("base64"), fileName: "passport-scan.pdf", contentType: "application/pdf", size: passport.bytes.length },
        nidPdf: { data: nid.bytes.toString("base64"), fileName: "nid-front.png", contentType: "image/png", size: nid.bytes.length },
      });

      // The stored hash is the password's: the new user can sign in with it.
      const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: "rahim.agent", password: "secret1" } });
      expect(login.statusCode).toBe(200);
    });

    it("creates a user without files; get-user answers null for both", async () => {
      const res = await signup(userData());
      expect(res.statusCode).toBe(201);
      const got = await getUser(res.json().replyMessage.id);
      expect(got.json().replyMessage).toMatchObject({ passportPdf: null, nidPdf: null });
    });

    const createCases: [string, unknown, string][] = [
      ["username", "", MSG.username],
      ["contactNumber", "01212345678", MSG.contactNumber],
      ["emergencyContactNumber", "0171234567", MSG.contactNumber],
      ["email", "not-an-email", MSG.email],
      ["password", "12345", MSG.password],
      ["address", "  ", MSG.address],
      ["nidNo", "", MSG.nidNo],
      ["passportNo", "", MSG.userPassportNo],
    ];
    it.each(createCases)("refuses a bad %s with the §5 create message and stores nothing", async (field, value, message) => {
      const before = await countRows(t);
      const res = await signup(userData({ [field]: value }), { passport: pdfPart() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, replyMessage: null, errorMessage: message });
      expect(res.json().errors).toEqual({ [field]: message });
      expect(await countRows(t)).toEqual(before);
    });

    it("names every missing field at once", async () => {
      const res = await signup({});
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        username: MSG.username,
        address: MSG.address,
        nidNo: MSG.nidNo,
        passportNo: MSG.userPassportNo,
        contactNumber: MSG.contactNumber,
        emergencyContactNumber: MSG.contactNumber,
        email: MSG.email,
        password: MSG.password,
      });
    });

    it("refuses a request without the data part or with data that is not JSON", async () => {
      const missing = await signup(undefined, { passport: pdfPart() });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ data: MSG.required });
      const broken = await signup("{not json");
      expect(broken.statusCode).toBe(400);
      expect(broken.json().errors).toHaveProperty("data");
    });

    it("refuses a username or email already in use, whatever its case, with 409 and a field error", async () => {
      const first = userData();
      expect((await signup(first)).statusCode).toBe(201);
      const before = await countRows(t);

      const sameName = await signup(userData({ username: String(first.username).toUpperCase() }));
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json()).toMatchObject({ success: false });
      expect(Object.keys(sameName.json().errors)).toEqual(["username"]);

      const sameEmail = await signup(userData({ email: ` ${String(first.email).toUpperCase()} ` }));
      expect(sameEmail.statusCode).toBe(409);
      expect(Object.keys(sameEmail.json().errors)).toEqual(["email"]);

      expect(await countRows(t)).toEqual(before);
    });

    it("refuses fake file bytes with 415 and stores nothing", async () => {
      const before = await countRows(t);
      const res = await signup(userData(), { passport: pdfPart(), nid: fakePdfPart("nid.pdf") });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        success: false,
        errorMessage: 'Unsupported file type: "nid.pdf" (nid) must be a PDF, PNG or JPEG file, but its content is none of these',
      });
      expect(res.json().errors).toEqual({ nid: MSG.unsupportedFileType });
      expect(await countRows(t)).toEqual(before);
    });

    it("refuses two files in one slot, a file over the limit and an unknown file field, storing nothing", async () => {
      const before = await countRows(t);
      const two = await signup(userData(), { passport: [pdfPart("a.pdf"), pdfPart("b.pdf")] });
      expect(two.statusCode).toBe(400);
      expect(two.json().errors).toEqual({ passport: MSG.oneFile });

      const big = tinyPdf("x".repeat(t.config.maxUploadBytes + 10));
      const tooLarge = await signup(userData(), { nid: pdfPart("big.pdf", big) });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().success).toBe(false);

      const unknown = await signup(userData(), { photo: pngPart() });
      expect(unknown.statusCode).toBe(400);
      expect(await countRows(t)).toEqual(before);
    });

    it("is for super admins only", async () => {
      expect((await signup(userData(), {}, admin)).statusCode).toBe(403);
      expect((await signup(userData(), {}, agent)).statusCode).toBe(403);
      const body = await multipart(userData());
      expect((await call(t, undefined, { method: "POST", url: "/auth/signup", ...body })).statusCode).toBe(401);
    });
  });

  describe("assign-role", () => {
    it("sets exactly the role asked for, replacing the previous one", async () => {
      const id = (await signup(userData())).json().replyMessage.id;
      const asAgent = await assignRole(id, "AGENT");
      expect(asAgent.statusCode).toBe(200);
      expect(asAgent.json()).toMatchObject({ success: true, replyMessage: { id, roles: [{ name: "AGENT" }] } });
      expectNoSecrets(asAgent);

      const asAdmin = await assignRole(id, "ADMIN");
      expect(asAdmin.json().replyMessage.roles).toEqual([{ name: "ADMIN" }]);
      expect((await getUser(id)).json().replyMessage.roles).toEqual([{ name: "ADMIN" }]);

      // Assigning the same role twice is harmless.
      expect((await assignRole(id, "ADMIN")).json().replyMessage.roles).toEqual([{ name: "ADMIN" }]);
    });

    it("requires AGENT or ADMIN (§5 'Agent role is required')", async () => {
      for (const roleName of [undefined, "SUPER_ADMIN", "agent"]) {
        const res = await assignRole(agent.id, roleName);
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ roleName: MSG.agentRole });
      }
    });

    it("answers 404 for an unknown user and 409 for a super admin", async () => {
      expect((await assignRole(999_999, "AGENT")).statusCode).toBe(404);
      expect((await assignRole("abc", "AGENT")).statusCode).toBe(400);
      const res = await assignRole(superAdmin.id, "ADMIN");
      expect(res.statusCode).toBe(409);
      const roles = await getUser(superAdmin.id);
      expect(roles.json().replyMessage.roles).toEqual([{ name: "SUPER_ADMIN" }]);
    });

    it("is for super admins only", async () => {
      const res = await call(t, admin, { method: "POST", url: `/api/admin/assign-role/user/${agent.id}?roleName=ADMIN` });
      expect(res.statusCode).toBe(403);
    });
  });

  describe("update-user", () => {
    it("updates the fields and keeps a file that is not sent", async () => {
      const passport = pdfPart("passport.pdf");
      const nid = pngPart("nid.png");
      const id = (await signup(userData(), { passport, nid })).json().replyMessage.id;

      const changes = withoutPassword(userData({ username: `renamed_${id}`, address: "Chittagong", contactNumber: "01911111111" }));
      const kept = await updateUser(id, changes);
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({
        success: true,
        message: "User Updated Successfully",
        replyMessage: { id, username: `renamed_${id}`, address: "Chittagong", contactNumber: "01911111111" },
      });
      let user = (await getUser(id)).json().replyMessage;
      expect(user.passportPdf).toMatchObject({ fileName: "passport.pdf", data: passport.bytes.toString("base64") });
      expect(user.nidPdf).toMatchObject({ fileName: "nid.png", data: nid.bytes.toString("base64") });

      const newNid = pdfPart("nid-new.pdf", tinyPdf("new nid"));
      const replaced = await updateUser(id, changes, { nid: newNid });
      expect(replaced.statusCode).toBe(200);
      user = (await getUser(id)).json().replyMessage;
      expect(user.passportPdf).toMatchObject({ fileName: "passport.pdf", data: passport.bytes.toString("base64") });
      expect(user.nidPdf).toEqual({ fileName: "nid-new.pdf", contentType: "application/pdf", size: newNid.bytes.length, data: newNid.bytes.toString("base64") });
      const stored = await t.db.selectFrom("user_files").select("kind").where("user_id", "=", id).execute();
      expect(stored).toHaveLength(2);

      // The password is not changed by an update, even when one is sent.
      const hashBefore = (await t.db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow()).password_hash;
      await updateUser(id, { ...changes, password: "another-password" });
      const hashAfter = (await t.db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirstOrThrow()).password_hash;
      expect(hashAfter).toBe(hashBefore);
    });

    const updateCases: [string, unknown, string][] = [
      ["username", "", MSG.username],
      ["contactNumber", "0171234567x", MSG.updateContactNumber],
      ["emergencyContactNumber", "02123456789", MSG.updateEmergencyContactNumber],
      ["email", "nobody@", MSG.updateEmail],
      ["address", "", MSG.address],
      ["nidNo", " ", MSG.nidNo],
      ["passportNo", "", MSG.userPassportNo],
    ];
    it.each(updateCases)("refuses a bad %s with the §5 update message and changes nothing", async (field, value, message) => {
      const before = await t.db.selectFrom("users").selectAll().where("id", "=", agent.id).executeTakeFirstOrThrow();
      const res = await updateUser(agent.id, withoutPassword(userData({ [field]: value })));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorMessage: message });
      expect(res.json().errors).toEqual({ [field]: message });
      expect(await t.db.selectFrom("users").selectAll().where("id", "=", agent.id).executeTakeFirstOrThrow()).toEqual(before);
    });

    it("does not require a password", async () => {
      const res = await updateUser(agent.id, withoutPassword(userData({ username: "agent1", email: "agent1@example.com" })));
      expect(res.statusCode).toBe(200);
    });

    it("refuses another user's username or email with 409, but accepts the user's own in another case", async () => {
      const mine = await updateUser(admin.id, withoutPassword(userData({ username: "ADMIN1", email: "Admin1@Example.com" })));
      expect(mine.statusCode).toBe(200);
      const taken = await updateUser(admin.id, withoutPassword(userData({ username: "Agent1" })));
      expect(taken.statusCode).toBe(409);
      expect(Object.keys(taken.json().errors)).toEqual(["username"]);
      const email = await updateUser(admin.id, withoutPassword(userData({ email: "agent1@example.com" })));
      expect(email.statusCode).toBe(409);
      expect(Object.keys(email.json().errors)).toEqual(["email"]);
    });

    it("refuses fake bytes with 415 and keeps the stored file", async () => {
      const passport = pdfPart("kept.pdf");
      const id = (await signup(userData(), { passport })).json().replyMessage.id;
      const before = await t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
      const res = await updateUser(id, withoutPassword(userData({ address: "Changed" })), { passport: fakePdfPart("scan.pdf") });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({
        success: false,
        errorMessage: 'Unsupported file type: "scan.pdf" (passport) must be a PDF, PNG or JPEG file, but its content is none of these',
      });
      expect(res.json().errors).toEqual({ passport: MSG.unsupportedFileType });
      expect(await t.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow()).toEqual(before);
      expect((await getUser(id)).json().replyMessage.passportPdf.fileName).toBe("kept.pdf");
    });

    it("keeps the stored files when the form sends their names as text instead of files", async () => {
      const passport = pdfPart("stored-passport.pdf");
      const id = (await signup(userData(), { passport })).json().replyMessage.id;
      const res = await updateUser(id, withoutPassword(userData({ address: "Sylhet" })), { passport: "stored-passport.pdf", nid: "" });
      expect(res.statusCode).toBe(200);
      const user = (await getUser(id)).json().replyMessage;
      expect(user).toMatchObject({ address: "Sylhet", nidPdf: null });
      expect(user.passportPdf).toMatchObject({ fileName: "stored-passport.pdf", data: passport.bytes.toString("base64") });
    });

    it("renames the agent on their passports, so the agentName filter finds them under the new name only", async () => {
      const karim = await insertUser(t, "karim_agent", ["AGENT"]);
      const other = await insertUser(t, "salma_agent", ["AGENT"]);
      const slot = await createSlot(t);
      const mine = [await insertPassport(t, { agentId: karim, agentName: "karim_agent", slotId: slot.id })];
      mine.push(await insertPassport(t, { agentId: karim, agentName: "karim_agent", slotId: slot.id, status: "APPROVED" }));
      const theirs = await insertPassport(t, { agentId: other, agentName: "salma_agent", slotId: slot.id });
      const stamps = await t.db.selectFrom("passports").select(["id", "updated_at"]).orderBy("id").execute();

      const res = await updateUser(karim, withoutPassword(userData({ username: "rahim_agent" })));
      expect(res.statusCode).toBe(200);

      const filter = async (agentName: string) =>
        (await call(t, superAdmin, { method: "GET", url: `/api/passport/filter?agentName=${agentName}` })).json().replyMessage;
      const found = await filter("rahim");
      expect(found.content.map((p: { id: number }) => p.id).sort()).toEqual(mine.sort());
      expect(found.content.map((p: { agentName: string }) => p.agentName)).toEqual(["rahim_agent", "rahim_agent"]);
      expect((await filter("karim")).totalElements).toBe(0);
      expect((await filter("salma")).content.map((p: { id: number }) => p.id)).toEqual([theirs]);
      // Nothing else about the passports changes: no edit events, no new updated_at.
      expect(await t.db.selectFrom("passports").select(["id", "updated_at"]).orderBy("id").execute()).toEqual(stamps);
      expect(await t.db.selectFrom("passport_events").select("id").where("passport_id", "in", [...mine, theirs]).execute()).toEqual([]);
    });

    it("answers 404 for an unknown user", async () => {
      const res = await updateUser(999_999, withoutPassword(userData()));
      expect(res.statusCode).toBe(404);
    });
  });

  describe("delete-user", () => {
    it("deletes a user with their roles, files and refresh tokens", async () => {
      const data = userData();
      const id = (await signup(data, { passport: pdfPart(), nid: pngPart() })).json().replyMessage.id;
      await assignRole(id, "AGENT");
      const login = await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: data.username, password: data.password } });
      const cookie = login.cookies.find((c) => c.name === "refresh_token")!.value;

      const res = await call(t, superAdmin, { method: "DELETE", url: `/auth/delete-user/${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true });
      expect((await getUser(id)).statusCode).toBe(404);
      for (const table of ["user_files", "user_roles", "refresh_tokens"] as const) {
        expect(await t.db.selectFrom(table).select("user_id").where("user_id", "=", id).execute()).toEqual([]);
      }
      const refresh = await t.app.inject({ method: "POST", url: "/", headers: { "content-type": "application/json" }, cookies: { refresh_token: cookie } });
      expect(refresh.statusCode).toBe(401);
    });

    it("refuses to delete yourself or an agent who still has passports (409), and answers 404 for an unknown id", async () => {
      const self = await call(t, superAdmin, { method: "DELETE", url: `/auth/delete-user/${superAdmin.id}` });
      expect(self.statusCode).toBe(409);
      expect(self.json().errorMessage).toMatch(/your own account/);

      const agentId = await insertUser(t, "agent_with_passports", ["AGENT"]);
      const slot = await createSlot(t);
      await insertPassport(t, { agentId, slotId: slot.id });
      const busy = await call(t, superAdmin, { method: "DELETE", url: `/auth/delete-user/${agentId}` });
      expect(busy.statusCode).toBe(409);
      expect(busy.json().errorMessage).toMatch(/agent of 1 passport/);
      expect((await getUser(agentId)).statusCode).toBe(200);

      expect((await call(t, superAdmin, { method: "DELETE", url: "/auth/delete-user/999999" })).statusCode).toBe(404);
      expect((await call(t, admin, { method: "DELETE", url: `/auth/delete-user/${agentId}` })).statusCode).toBe(403);
    });
  });

  describe("get-user", () => {
    it("lets a user read their own account and a super admin any account", async () => {
      const own = await getUser(agent.id, agent);
      expect(own.statusCode).toBe(200);
      expect(own.json().replyMessage).toMatchObject({ id: agent.id, roles: [{ name: "AGENT" }], passportPdf: null, nidPdf: null });
      expect((await getUser(admin.id, admin)).statusCode).toBe(200);
      expect((await getUser(agent.id, superAdmin)).statusCode).toBe(200);
    });

    it("refuses someone else's account (403), an unknown id (404) and no token (401)", async () => {
      expect((await getUser(admin.id, agent)).statusCode).toBe(403);
      expect((await getUser(agent.id, admin)).statusCode).toBe(403);
      expect((await getUser(999_999, agent)).statusCode).toBe(403);
      expect((await getUser(999_999, superAdmin)).statusCode).toBe(404);
      expect((await call(t, undefined, { method: "GET", url: `/auth/get-user/${agent.id}` })).statusCode).toBe(401);
    });
  });

  describe("forgot-password", () => {
    it("answers the same whether or not the email has an account", async () => {
      const known = await t.app.inject({ method: "POST", url: "/auth/forgot-password", payload: { email: "agent1@example.com" } });
      const unknown = await t.app.inject({ method: "POST", url: "/auth/forgot-password", payload: { email: "nobody@nowhere.test" } });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ success: true, replyMessage: null, message: FORGOT_PASSWORD_REPLY, errorMessage: null });
    });

    it("refuses an invalid email with the §5 message", async () => {
      for (const payload of [{ email: "not-an-email" }, {}]) {
        const res = await t.app.inject({ method: "POST", url: "/auth/forgot-password", payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ email: MSG.email });
      }
    });
  });
});

describe.each(DIALECTS)("user lists on %s", (dialect) => {
  let t: TestApp;
  let superAdmin: TestUser;
  let admin: TestUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    superAdmin = await createUser(t, "boss", ["SUPER_ADMIN"]);
    admin = await createUser(t, "Dina_admin", ["ADMIN"]);
    ids.boss = superAdmin.id;
    ids.Dina_admin = admin.id;
    for (const [name, roles] of [
      ["zara", ["AGENT"]],
      ["Babul", ["AGENT"]],
      ["chowdhury", ["ADMIN"]],
      ["amin", ["AGENT", "ADMIN"]],
      ["no_role", []],
    ] as [string, Role[]][]) {
      ids[name] = await insertUser(t, name, roles);
    }
  });
  afterAll(() => t.close());

  const get = (url: string, as: TestUser = superAdmin) => call(t, as, { method: "GET", url });

  it("lists agents, then agents and admins, as {id, username} ordered by username", async () => {
    const agents = await get("/auth/get-all-agents", admin);
    expect(agents.statusCode).toBe(200);
    expect(agents.json().replyMessage).toEqual(["amin", "Babul", "zara"].map((username) => ({ id: ids[username], username })));

    const both = await get("/auth/get-all-agents-and-admins");
    expect(both.json().replyMessage).toEqual(
      ["amin", "Babul", "chowdhury", "Dina_admin", "zara"].map((username) => ({ id: ids[username], username })),
    );
  });

  it("pages all users ordered by id, with roles and without files or passwords", async () => {
    const first = await get("/auth/get-all-users?page=0&size=3");
    expect(first.statusCode).toBe(200);
    expectNoSecrets(first);
    const byId = Object.entries(ids).sort((a, b) => a[1] - b[1]);
    expect(first.json().replyMessage).toMatchObject({ totalElements: 7, totalPages: 3, page: 0, size: 3 });
    expect(first.json().replyMessage.content.map((u: { id: number }) => u.id)).toEqual(byId.slice(0, 3).map(([, id]) => id));
    const boss = first.json().replyMessage.content[0];
    expect(boss).toEqual({
      id: superAdmin.id,
      username: "boss",
      contactNumber: "01712345678",
      email: "boss@example.com",
      address: "Dhaka",
      emergencyContactNumber: "01812345678",
      nidNo: "1234567890",
      passportNo: "A1234567",
      roles: [{ name: "SUPER_ADMIN" }],
      enabled: true,
    });

    const last = await get("/auth/get-all-users?page=2&size=3");
    expect(last.json().replyMessage.content.map((u: { id: number }) => u.id)).toEqual([byId[6][1]]);
    const amin = (await get("/auth/get-all-users?page=0&size=100")).json().replyMessage.content.find((u: { username: string }) => u.username === "amin");
    expect(amin.roles).toEqual([{ name: "AGENT" }, { name: "ADMIN" }]);

    const past = await get("/auth/get-all-users?page=5&size=3");
    expect(past.json().replyMessage).toMatchObject({ content: [], totalElements: 7 });

    const defaults = await get("/auth/get-all-users");
    expect(defaults.json().replyMessage).toMatchObject({ page: 0, size: 10, totalElements: 7 });
    expect(defaults.json().replyMessage.content).toHaveLength(7);
  });

  it("refuses bad paging with 400", async () => {
    for (const query of ["page=-1", "size=0", "size=101", "page=x", "size=1.5"]) {
      const res = await get(`/auth/get-all-users?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("keeps the lists to their roles", async () => {
    expect((await get("/auth/get-all-users", admin)).statusCode).toBe(403);
    expect((await call(t, undefined, { method: "GET", url: "/auth/get-all-agents" })).statusCode).toBe(401);
  });
});
