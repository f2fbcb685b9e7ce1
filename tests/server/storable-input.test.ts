/**
 * Values that SQLite takes but PostgreSQL cannot hold (an amount over 32 bits, the year 0000, the NUL
 * character) are refused by the shared schemas on both: 400, the envelope with a field message, and
 * nothing stored; or, for NUL in typed text, removed by the cleaning rule on both alike.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "../../src/contract";
import { createSlot, insertPassport, validPassportData } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, TEST_PASSWORD, type TestApp, type TestUser } from "./harness";
import { multipart, pdfPart, type UploadPart } from "./uploads";

const NUL = "\u0000";
const TABLES = ["users", "user_files", "slots", "passports", "passport_documents", "passport_events", "refresh_tokens"] as const;

describe.each(DIALECTS)("input PostgreSQL cannot store, on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agent: TestUser;
  let slotName: string;
  let pending: number;
  let reviewed: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "admin1", ["ADMIN"]);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
    agent = await createUser(t, "agent1", ["AGENT"]);
    const slot = await createSlot(t, "S-1");
    slotName = slot.slotName;
    pending = await insertPassport(t, { agentId: agent.id, slotId: slot.id, status: "PENDING" });
    // Visa granted and BMET approved, so every date may be set (docs/access.md "Workflow rules").
    reviewed = await insertPassport(t, { agentId: agent.id, slotId: slot.id, status: "REVIEWED", set: { is_visa_applied: 1, is_visa_granted: 1, is_bmet_approved: 1 } });
  });
  afterAll(() => t.close());

  /** Every table's rows, to show that a refused request changed none. */
  const snapshot = async () =>
    Object.fromEntries(await Promise.all(TABLES.map(async (table) => [table, await t.db.selectFrom(table).selectAll().execute()])));

  /** Sends the request and checks the client sees a 400 with `message` under `field`, and nothing changed. */
  async function expectRefused(send: () => Promise<LightMyRequestResponse>, field: string, message: string) {
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, replyMessage: null, errors: { [field]: message } });
    expect(res.json().errorMessage).toBeTruthy();
    expect(await snapshot()).toEqual(before);
  }

  const sendMultipart = async (user: TestUser, method: "POST" | "PUT", url: string, data: unknown, files: Record<string, UploadPart> = {}) => {
    const body = await multipart(data, files);
    return call(t, user, { method, url, payload: body.payload, headers: body.headers });
  };
  const passportData = (overrides: Record<string, unknown>) => ({ ...validPassportData(agent.id, slotName), ...overrides });
  const addPassport = (overrides: Record<string, unknown>) => sendMultipart(admin, "POST", "/api/passport/add", passportData(overrides), { educational: pdfPart() });
  const updatePassport = (overrides: Record<string, unknown>) => sendMultipart(admin, "PUT", `/api/passport/${pending}/update`, passportData(overrides));

  describe("contract amount beyond a 32-bit integer", () => {
    it.each([["99999999999"], ["2147483648"], [2147483648]])("add refuses %j", async (contractAmount) => {
      await expectRefused(() => addPassport({ contractAmount }), "contractAmount", MSG.contractAmountTooLarge);
    });

    it("update refuses 99999999999", async () => {
      await expectRefused(() => updatePassport({ contractAmount: "99999999999" }), "contractAmount", MSG.contractAmountTooLarge);
    });

    it("still says the spec's message below 1", async () => {
      await expectRefused(() => addPassport({ contractAmount: "0" }), "contractAmount", MSG.contractAmount);
    });

    it("accepts 2147483647 and answers it back", async () => {
      const res = await addPassport({ contractAmount: "2147483647", passportNo: "MAX0001" });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().replyMessage.contractAmount).toBe(2147483647);
    });
  });

  describe("the year 0000", () => {
    it.each([
      ["passportIssueDate", MSG.passportIssueDate],
      ["passportExpireDate", MSG.passportExpireDate],
      ["dob", MSG.dobRequired],
    ])("add and update refuse %s 0000-02-01", async (field, message) => {
      await expectRefused(() => addPassport({ [field]: "0000-02-01" }), field, message);
      await expectRefused(() => updatePassport({ [field]: "0000-02-01" }), field, message);
    });

    const DATE_UPDATES = [
      ["update-visa-issue-date", "visaIssueDate", "0000-02-01", "Enter a valid date (YYYY-MM-DD)"],
      ["update-visa-expire-date", "visaExpireDate", "0000-02-01", "Enter a valid date (YYYY-MM-DD)"],
      ["update-flight-schedule-date", "flightScheduleDate", "0000-03-01T10:00:00Z", "Enter a valid date and time"],
      // Written in year 1, but the instant (UTC) is in year 0; and one past 9999 in UTC.
      ["update-flight-schedule-date", "flightScheduleDate", "0001-01-01T00:30:00+01:00", "Enter a valid date and time"],
      ["update-flight-schedule-date", "flightScheduleDate", "9999-12-31T23:00:00-05:00", "Enter a valid date and time"],
      ["update-flight-schedule-date", "flightScheduleDate", "2025-02-30T10:00:00Z", "Enter a valid date and time"],
    ] as const;
    it.each(DATE_UPDATES)("%s refuses %s = %s", async (path, field, value, message) => {
      await expectRefused(() => call(t, admin, { method: "PUT", url: `/api/passport/${reviewed}/${path}`, payload: { [field]: value } }), field, message);
    });

    it.each([
      ["update-visa-issue-date", "visaIssueDate", "0001-01-01", "0001-01-01"],
      ["update-visa-expire-date", "visaExpireDate", "9999-12-31", "9999-12-31"],
      ["update-flight-schedule-date", "flightScheduleDate", "0001-01-01T00:00:00Z", "0001-01-01T00:00:00.000Z"],
      ["update-flight-schedule-date", "flightScheduleDate", "9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"],
    ])("%s accepts the edge %s = %s", async (path, field, value, answered) => {
      const res = await call(t, admin, { method: "PUT", url: `/api/passport/${reviewed}/${path}`, payload: { [field]: value } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().replyMessage[field]).toBe(answered);
    });
  });

  /**
   * Typed text loses NUL with the other control characters (issue 25; src/contract/text.ts), so the
   * same value is stored on both databases; what is not cleaned (passwords, the ids and names the
   * server ignores or derives, file names) still refuses it.
   */
  describe("the NUL character", () => {
    it.each(["fullName", "passportNo", "telephone", "agentName", "slot", "visaType", "isSuperAdminApproved"])(
      "a list's filter %s drops it and finds what the value without it finds",
      async (key) => {
        const res = await call(t, admin, { method: "GET", url: `/api/passport/filter?${key}=a%00b` });
        expect(res.statusCode, res.body).toBe(200);
      },
    );

    it("a milestone update takes the list's filters it carries without it", async () => {
      const res = await call(t, admin, { method: "PUT", url: `/api/passport/${reviewed}/work-permit-approval-status/true?fullName=a%00b` });
      expect(res.statusCode, res.body).toBe(200);
    });

    it("slots store the name without it (add and update)", async () => {
      const slot = await createSlot(t, "S-2");
      const added = await call(t, admin, { method: "POST", url: "/slot/add-slot", payload: { slotName: `S${NUL}9` } });
      expect(added.json().replyMessage.slotName).toBe("S9");
      const updated = await call(t, admin, { method: "PUT", url: `/slot/update-slot-by-id/${slot.id}`, payload: { slotName: `S${NUL}3` } });
      expect(updated.json().replyMessage.slotName).toBe("S3");
    });

    it("login reads a username without it, and refuses it in the password (400, no token)", async () => {
      expect((await t.app.inject({ method: "POST", url: "/auth/login", payload: { username: `admin${NUL}1`, password: TEST_PASSWORD } })).statusCode).toBe(200);
      await expectRefused(() => t.app.inject({ method: "POST", url: "/auth/login", payload: { username: "admin1", password: `${TEST_PASSWORD}${NUL}` } }), "password", MSG.nulCharacter);
    });

    it.each(["fullName", "passportNo", "fathersName", "mothersName", "schooling", "telephone"])("add and update of a passport store %s without it", async (field) => {
      const value = `${String(passportData({})[field])}${NUL}x`;
      const unique = field === "passportNo" ? {} : { passportNo: `NUL${field.length}${field.slice(0, 3)}` };
      const added = await addPassport({ [field]: value, ...unique });
      expect(added.statusCode, added.body).toBe(201);
      expect(added.json().replyMessage[field]).toBe(value.replace(NUL, ""));
      const updated = await updatePassport({ [field]: value, passportNo: "UPDNUL01" });
      expect(updated.statusCode, updated.body).toBe(200);
      if (field !== "passportNo") expect(updated.json().replyMessage[field]).toBe(value.replace(NUL, ""));
    });

    it.each(["agentId", "agentName", "isSuperAdminApproved"])("add and update of a passport refuse it in %s, which is not typed text", async (field) => {
      const value = `${String(passportData({})[field] ?? "x")}${NUL}x`;
      await expectRefused(() => addPassport({ [field]: value }), field, MSG.nulCharacter);
      await expectRefused(() => updatePassport({ [field]: value }), field, MSG.nulCharacter);
    });

    it("add refuses it in a document's file name", async () => {
      await expectRefused(
        () => sendMultipart(admin, "POST", "/api/passport/add", passportData({}), { educational: pdfPart(`cv${NUL}.pdf`) }),
        "educational",
        MSG.nulCharacter,
      );
    });

    const user = (overrides: Record<string, unknown>) => ({
      username: "newuser",
      contactNumber: "01712345678",
      emergencyContactNumber: "01898765432",
      email: "newuser@agency.test",
      password: "secret1",
      address: "Mirpur 10, Dhaka",
      nidNo: "19901234567",
      passportNo: "EB7654321",
      ...overrides,
    });
    it("signup refuses it in the password", async () => {
      await expectRefused(() => sendMultipart(superAdmin, "POST", "/auth/signup", user({ password: `abcdefg${NUL}` })), "password", MSG.nulCharacter);
    });
    it.each(["username", "address", "nidNo", "passportNo"])("signup and update-user store %s without it", async (field) => {
      const created = await sendMultipart(superAdmin, "POST", "/auth/signup", user({ username: `nul_${field}`, email: `${field}@nul.test`, [field]: `abcdefg${NUL}h` }));
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().replyMessage.id;
      const column = { username: "username", address: "address", nidNo: "nid_no", passportNo: "passport_no" }[field] as "username";
      const stored = async () => (await t.db.selectFrom("users").select(column).where("id", "=", id).executeTakeFirstOrThrow())[column];
      expect(await stored()).toBe("abcdefgh");
      const { password: _p, ...update } = user({ username: `nul2_${field}`, email: `${field}@nul.test`, [field]: `hgfedcba${NUL}` });
      expect((await sendMultipart(superAdmin, "PUT", `/auth/update-user/${id}`, update)).statusCode).toBe(200);
      expect(await stored()).toBe("hgfedcba");
    });
    it("signup refuses it in a file name", async () => {
      await expectRefused(() => sendMultipart(superAdmin, "POST", "/auth/signup", user({}), { nid: pdfPart(`nid${NUL}.pdf`) }), "nid", MSG.nulCharacter);
    });

    it.each([
      ["comment-by-admin", "admin", "commentByAdmin"],
      ["comment-by-super-admin", "superAdmin", "commentBySuperAdmin"],
    ] as const)("%s stores the comment without it", async (path, who, field) => {
      const id = who === "admin" ? pending : reviewed;
      const res = await call(t, { admin, superAdmin }[who], { method: "PUT", url: `/api/passport/${id}/${path}`, payload: { [field]: `ok${NUL}!` } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().replyMessage[field]).toBe("ok!");
    });
  });
});
