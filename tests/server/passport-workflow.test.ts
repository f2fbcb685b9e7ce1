import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Insertable } from "kysely";
import { MILESTONE_PREREQUISITES, MILESTONES, type MilestoneField, MSG, PASSPORT_STATUSES, type PassportStatus, todayYmd } from "../../src/contract";
import type { PassportsTable } from "../../server/db/schema";
import { MILESTONE_COLUMNS } from "../../server/passports/mapper";
import { fromDbBool, fromDbTimestamp } from "../../server/db/values";
import { createSlot, insertPassport, READY_TO_COMPLETE } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

type Who = "admin" | "superAdmin";

const TRANSITIONS = [
  { path: "review", who: "admin", from: "PENDING", to: "REVIEWED", message: "Passport reviewed successfully" },
  { path: "reject-by-admin", who: "admin", from: "PENDING", to: "REJECTED", message: "Passport Rejected successfully" },
  { path: "complete-passport", who: "admin", from: "REVIEWED", to: "COMPLETED", message: "Passport marked as complete!" },
  { path: "approve", who: "superAdmin", from: "COMPLETED", to: "APPROVED", message: "Passport Approval successfully" },
  { path: "reject-by-super-admin", who: "superAdmin", from: "COMPLETED", to: "REJECTED", message: "Passport Rejected successfully" },
] as const;

const REFUSED = TRANSITIONS.flatMap((t) => PASSPORT_STATUSES.filter((s) => s !== t.from).map((status) => ({ ...t, status })));

const VISA_GRANTED = { is_visa_applied: 1, is_visa_granted: 1 };
/** Each date with what the workflow rules ask before it may be set (docs/access.md "Workflow rules"). */
const DATES = [
  {
    path: "update-visa-issue-date",
    field: "visaIssueDate",
    column: "visa_issue_date",
    value: "2025-01-15",
    stored: "2025-01-15",
    label: "Visa issue date",
    before: VISA_GRANTED,
  },
  {
    path: "update-visa-expire-date",
    field: "visaExpireDate",
    column: "visa_expire_date",
    value: "2027-01-14",
    stored: "2027-01-14",
    label: "Visa expiry date",
    before: { ...VISA_GRANTED, visa_issue_date: "2025-01-15" },
  },
  {
    path: "update-flight-schedule-date",
    field: "flightScheduleDate",
    column: "flight_schedule_date",
    value: "2025-03-01T10:30:00+06:00",
    stored: "2025-03-01T04:30:00.000Z",
    label: "Flight schedule date",
    before: { ...VISA_GRANTED, is_bmet_approved: 1 },
  },
] as const;

/** The milestones that must be Done before `field` may be, those they follow included. */
const prerequisitesOf = (field: MilestoneField): MilestoneField[] => (MILESTONE_PREREQUISITES[field] ?? []).flatMap((f) => [...prerequisitesOf(f), f]);

const NOT_REVIEWED = PASSPORT_STATUSES.filter((s) => s !== "REVIEWED");

describe.each(DIALECTS)("passport workflow on %s", (dialect) => {
  let t: TestApp;
  let users: Record<Who | "agent", TestUser>;
  let slotId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    users = {
      admin: await createUser(t, "admin1", ["ADMIN"]),
      superAdmin: await createUser(t, "super1", ["SUPER_ADMIN"]),
      agent: await createUser(t, "agent1", ["AGENT"]),
    };
    slotId = (await createSlot(t)).id;
  });
  afterAll(() => t.close());

  const arrange = (status: PassportStatus, set?: Partial<Insertable<PassportsTable>>) => insertPassport(t, { agentId: users.agent.id, slotId, status, set });
  const put = (who: TestUser | undefined, url: string, payload?: unknown) =>
    call(t, who, { method: "PUT", url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const stored = (id: number) => t.db.selectFrom("passports").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const events = (id: number) =>
    t.db.selectFrom("passport_events").select(["user_id", "kind", "field", "old_value", "new_value"]).where("passport_id", "=", id).orderBy("id").execute();

  describe("status transitions", () => {
    it.each(TRANSITIONS)("$path moves $from to $to", async ({ path, who, from, to, message }) => {
      const id = await arrange(from, READY_TO_COMPLETE);
      const res = await put(users[who], `/api/passport/${id}/${path}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message, errorMessage: null, replyMessage: { id, isSuperAdminApproved: to } });
      expect((await stored(id)).status).toBe(to);
      expect(await events(id)).toEqual([{ user_id: users[who].id, kind: "STATUS", field: "isSuperAdminApproved", old_value: from, new_value: to }]);
    });

    it.each(REFUSED)("$path is refused from $status with 409", async ({ path, who, status }) => {
      const id = await arrange(status);
      const before = await stored(id);
      const res = await put(users[who], `/api/passport/${id}/${path}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, replyMessage: null });
      expect(res.json().errorMessage).toContain(`Passport is ${status};`);
      expect(await stored(id)).toEqual(before);
      expect(await events(id)).toEqual([]);
    });

    it("ignores an empty body and the page, size and search the client sends along", async () => {
      const a = await arrange("PENDING");
      const withQuery = await call(t, users.admin, {
        method: "PUT",
        url: `/api/passport/${a}/review?page=0&size=10&search=rahim`,
        headers: { "content-type": "application/json" },
        payload: "",
      });
      expect(withQuery.statusCode).toBe(200);
      const b = await arrange("PENDING");
      const withEmptyObject = await put(users.admin, `/api/passport/${b}/reject-by-admin?page=2&size=50`, {});
      expect(withEmptyObject.json()).toMatchObject({ success: true, replyMessage: { isSuperAdminApproved: "REJECTED" } });
    });

    it("refuses the wrong role with 403 and changes nothing", async () => {
      const pending = await arrange("PENDING");
      const completed = await arrange("COMPLETED");
      const tries = [
        [users.superAdmin, pending, "review"],
        [users.superAdmin, pending, "reject-by-admin"],
        [users.agent, pending, "review"],
        [users.admin, completed, "approve"],
        [users.admin, completed, "reject-by-super-admin"],
        [users.superAdmin, completed, "complete-passport"],
      ] as const;
      for (const [user, id, path] of tries) {
        const res = await put(user, `/api/passport/${id}/${path}`);
        expect(res.statusCode, `${user.username} ${path}`).toBe(403);
        expect(res.json().success).toBe(false);
      }
      expect((await put(undefined, `/api/passport/${pending}/review`)).statusCode).toBe(401);
      expect((await stored(pending)).status).toBe("PENDING");
      expect((await stored(completed)).status).toBe("COMPLETED");
      expect([...(await events(pending)), ...(await events(completed))]).toEqual([]);
    });

    it("answers 404 for an unknown id and 400 for a malformed one", async () => {
      const unknown = await put(users.admin, "/api/passport/999999/review");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ success: false, errorMessage: "Passport not found" });
      for (const id of ["abc", "0", "-1", "1.5"]) {
        const res = await put(users.superAdmin, `/api/passport/${id}/approve`);
        expect(res.statusCode, id).toBe(400);
        expect(res.json().success).toBe(false);
      }
    });

    it("lets only one of two concurrent reviews win", async () => {
      const id = await arrange("PENDING");
      const results = await Promise.all([1, 2, 3].map(() => put(users.admin, `/api/passport/${id}/review`)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().errorMessage).toContain("Passport is REVIEWED;");
      expect(await events(id)).toHaveLength(1);
    });

    it("carries a passport PENDING → REVIEWED → COMPLETED → APPROVED", async () => {
      const id = await arrange("PENDING");
      const steps = [
        [users.admin, "review", "REVIEWED"],
        [users.admin, "complete-passport", "COMPLETED"],
        [users.superAdmin, "approve", "APPROVED"],
      ] as const;
      for (const [user, path, status] of steps) {
        // The milestones and dates are set (in the database) between review and Mark as Done.
        if (path === "complete-passport") await t.db.updateTable("passports").set(READY_TO_COMPLETE).where("id", "=", id).execute();
        const res = await put(user, `/api/passport/${id}/${path}`);
        expect(res.json().replyMessage.isSuperAdminApproved).toBe(status);
      }
      expect((await events(id)).map((e) => [e.user_id, e.old_value, e.new_value])).toEqual([
        [users.admin.id, "PENDING", "REVIEWED"],
        [users.admin.id, "REVIEWED", "COMPLETED"],
        [users.superAdmin.id, "COMPLETED", "APPROVED"],
      ]);
      // Final: nothing moves it on, comments included.
      expect((await put(users.superAdmin, `/api/passport/${id}/reject-by-super-admin`)).statusCode).toBe(409);
      expect((await put(users.admin, `/api/passport/${id}/comment-by-admin`, { commentByAdmin: "late" })).statusCode).toBe(409);
    });
  });

  describe("milestones", () => {
    it.each(MILESTONES)("$segment sets $field true then false on a REVIEWED passport", async ({ segment, field, label }) => {
      // With the milestones it follows already Done (the workflow rules), and no other.
      const prerequisites = MILESTONES.filter((m) => prerequisitesOf(field).includes(m.field));
      const id = await arrange("REVIEWED", Object.fromEntries(prerequisites.map((m) => [MILESTONE_COLUMNS[m.field], 1])));
      const on = await put(users.admin, `/api/passport/${id}/${segment}/true`);
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ success: true, message: `${label} status updated`, replyMessage: { id, [field]: true } });
      const others = MILESTONES.filter((m) => m.field !== field && !prerequisites.includes(m)).map((m) => on.json().replyMessage[m.field]);
      expect(others.every((done) => done === false)).toBe(true);

      const off = await put(users.admin, `/api/passport/${id}/${segment}/false`);
      expect(off.json().replyMessage[field]).toBe(false);
      const row = await stored(id);
      expect(Object.keys(row).filter((k) => k.startsWith("is_") && fromDbBool(row[k as keyof typeof row]))).toEqual(prerequisites.map((m) => MILESTONE_COLUMNS[m.field]));
      expect(row.status).toBe("REVIEWED");
      expect(await events(id)).toEqual([
        { user_id: users.admin.id, kind: "MILESTONE", field, old_value: "false", new_value: "true" },
        { user_id: users.admin.id, kind: "MILESTONE", field, old_value: "true", new_value: "false" },
      ]);
    });

    it.each(NOT_REVIEWED)("is refused with 409 on a %s passport", async (status) => {
      const id = await arrange(status);
      const res = await put(users.admin, `/api/passport/${id}/work-permit-approval-status/true`);
      expect(res.statusCode).toBe(409);
      expect(res.json().errorMessage).toContain(`Passport is ${status};`);
      expect(fromDbBool((await stored(id)).is_work_permit_approved)).toBe(false);
      expect(await events(id)).toEqual([]);
    });

    it("answers 400 for an unknown segment or a status that is not true or false", async () => {
      const id = await arrange("REVIEWED");
      for (const url of [`${id}/unknown-status/true`, `${id}/visa-granted-status/yes`, `${id}/visa-granted-status/1`, `x/visa-granted-status/true`]) {
        const res = await put(users.admin, `/api/passport/${url}`);
        expect(res.statusCode, url).toBe(400);
      }
      expect(await events(id)).toEqual([]);
    });

    it("does not shadow the fixed routes", async () => {
      const id = await arrange("REVIEWED", READY_TO_COMPLETE);
      // Two segments after the id reach the fixed route, three the milestone route.
      const done = await put(users.admin, `/api/passport/${id}/complete-passport`);
      expect(done.json().message).toBe("Passport marked as complete!");
      const other = await arrange("PENDING");
      expect((await put(users.admin, `/api/passport/${other}/review/true`)).statusCode).toBe(400);
      expect((await stored(other)).status).toBe("PENDING");
    });

    it("records no event when a milestone already has the value", async () => {
      const id = await arrange("REVIEWED");
      await put(users.admin, `/api/passport/${id}/visa-applied-status/true`);
      const again = await put(users.admin, `/api/passport/${id}/visa-applied-status/true`);
      expect(again.json()).toMatchObject({ success: true, replyMessage: { isVisaApplied: true } });
      expect(await events(id)).toHaveLength(1);
    });

    it("is refused to a super admin with 403", async () => {
      const id = await arrange("REVIEWED");
      expect((await put(users.superAdmin, `/api/passport/${id}/bmet-approval-status/true`)).statusCode).toBe(403);
    });

    it("answers 404 for an unknown passport", async () => {
      expect((await put(users.admin, "/api/passport/999999/bmet-approval-status/true")).statusCode).toBe(404);
    });
  });

  describe("dates", () => {
    it.each(DATES)("$path sets $field and null clears it", async ({ path, field, column, value, stored: storedValue, label, before }) => {
      const id = await arrange("REVIEWED", before);
      const set = await put(users.admin, `/api/passport/${id}/${path}`, { [field]: value });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toMatchObject({ success: true, message: `${label} updated`, replyMessage: { id, [field]: storedValue } });
      const read = (row: Record<string, unknown>) => (column === "flight_schedule_date" ? fromDbTimestamp(row[column], true) : row[column]);
      expect(read(await stored(id))).toBe(storedValue);

      const cleared = await put(users.admin, `/api/passport/${id}/${path}`, { [field]: null });
      expect(cleared.json()).toMatchObject({ success: true, message: `${label} cleared`, replyMessage: { [field]: null } });
      expect(read(await stored(id))).toBeNull();
      expect(await events(id)).toEqual([
        { user_id: users.admin.id, kind: "DATE", field, old_value: null, new_value: storedValue },
        { user_id: users.admin.id, kind: "DATE", field, old_value: storedValue, new_value: null },
      ]);
    });

    it.each(DATES)("$path answers 400 for an invalid value", async ({ path, field }) => {
      const id = await arrange("REVIEWED");
      for (const bad of ["2024-02-30", "tomorrow", "", 20240101, "2024-13-01T10:00:00Z"]) {
        const res = await put(users.admin, `/api/passport/${id}/${path}`, { [field]: bad });
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.json().errors).toHaveProperty(field);
      }
      expect((await put(users.admin, `/api/passport/${id}/${path}`, {})).statusCode).toBe(400);
      expect((await put(users.admin, `/api/passport/${id}/${path}`)).statusCode).toBe(400);
      expect(await events(id)).toEqual([]);
    });

    it.each(DATES.flatMap((d) => NOT_REVIEWED.map((status) => ({ ...d, status }))))(
      "$path is refused with 409 on a $status passport",
      async ({ path, field, column, value, status }) => {
        const id = await arrange(status);
        const res = await put(users.admin, `/api/passport/${id}/${path}`, { [field]: value });
        expect(res.statusCode).toBe(409);
        expect(res.json().errorMessage).toContain(`Passport is ${status};`);
        expect((await stored(id))[column]).toBeNull();
        expect(await events(id)).toEqual([]);
      },
    );

    it("computes visaRemainingDays from the expiry date and today", async () => {
      const id = await arrange("REVIEWED", { ...VISA_GRANTED, visa_issue_date: "2020-01-01" });
      const now = new Date();
      const in30 = todayYmd(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 30));
      const res = await put(users.admin, `/api/passport/${id}/update-visa-expire-date`, { visaExpireDate: in30 });
      expect(res.json().replyMessage).toMatchObject({ visaExpireDate: in30, visaRemainingDays: 30 });
      const cleared = await put(users.admin, `/api/passport/${id}/update-visa-expire-date`, { visaExpireDate: null });
      expect(cleared.json().replyMessage.visaRemainingDays).toBeNull();
    });
  });

  describe("workflow rules (docs/access.md)", () => {
    const GRANTED = { is_visa_applied: 1, is_visa_granted: 1 };
    const RULES = [
      { name: "visa granted before applied", set: {}, url: "visa-granted-status/true", body: undefined, refusal: "Visa Granted needs Visa Applied to be Done first" },
      { name: "visa granted once applied", set: { is_visa_applied: 1 }, url: "visa-granted-status/true", body: undefined },
      { name: "visa applied undone while granted", set: GRANTED, url: "visa-applied-status/false", body: undefined, refusal: "Visa Applied cannot go back to Processing while Visa Granted is Done" },
      { name: "visa issue date before granted", set: { is_visa_applied: 1 }, url: "update-visa-issue-date", body: { visaIssueDate: "2026-01-15" }, refusal: "Visa issue date needs Visa Granted to be Done first" },
      { name: "visa issue date once granted", set: GRANTED, url: "update-visa-issue-date", body: { visaIssueDate: "2026-01-15" } },
      {
        name: "visa expiry on the issue day",
        set: { ...GRANTED, visa_issue_date: "2026-01-15" },
        url: "update-visa-expire-date",
        body: { visaExpireDate: "2026-01-15" },
        refusal: "The visa expiry date must be after the visa issue date (15/01/2026)",
      },
      { name: "visa expiry after issue", set: { ...GRANTED, visa_issue_date: "2026-01-15" }, url: "update-visa-expire-date", body: { visaExpireDate: "2026-01-16" } },
      {
        name: "flight scheduled without BMET",
        set: GRANTED,
        url: "flight-scheduled-status/true",
        body: undefined,
        refusal: "Flight Scheduled needs BMET Approved to be Done first",
      },
      {
        name: "flight date without the visa",
        set: { is_bmet_approved: 1 },
        url: "update-flight-schedule-date",
        body: { flightScheduleDate: "2026-03-01T10:30:00Z" },
        refusal: "Flight date needs Visa Granted to be Done first",
      },
      { name: "flight scheduled after visa and BMET", set: { ...GRANTED, is_bmet_approved: 1 }, url: "flight-scheduled-status/true", body: undefined },
      {
        name: "Mark as Done with a milestone missing",
        set: { ...READY_TO_COMPLETE, is_gadget_published: 0 },
        url: "complete-passport",
        body: undefined,
        refusal: "Mark as Done needs every milestone Done and the visa and flight dates set; missing: Gadget Published",
      },
      {
        name: "Mark as Done without the flight date",
        set: { ...READY_TO_COMPLETE, flight_schedule_date: null },
        url: "complete-passport",
        body: undefined,
        refusal: "Mark as Done needs every milestone Done and the visa and flight dates set; missing: the flight date",
      },
      { name: "Mark as Done with everything", set: READY_TO_COMPLETE, url: "complete-passport", body: undefined },
    ];

    it.each(RULES)("$name", async ({ set, url, body, refusal }) => {
      const id = await arrange("REVIEWED", set);
      const before = await stored(id);
      const res = await put(users.admin, `/api/passport/${id}/${url}`, body);
      if (refusal === undefined) {
        expect(res.statusCode, res.body).toBe(200);
        expect(await events(id)).toHaveLength(1);
        return;
      }
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, replyMessage: null, message: null, errorMessage: refusal });
      expect(await stored(id)).toEqual(before);
      expect(await events(id)).toEqual([]);
    });

    it("records when the passport entered its status", async () => {
      const id = await arrange("PENDING");
      const created = (await stored(id)).created_at;
      expect((await stored(id)).status_changed_at).toBeNull();
      const res = await put(users.admin, `/api/passport/${id}/review`);
      const row = await stored(id);
      expect(fromDbTimestamp(row.status_changed_at)).toBe(fromDbTimestamp(row.updated_at));
      expect(res.json().replyMessage.statusChangedAt).toBe(fromDbTimestamp(row.updated_at));
      expect(fromDbTimestamp(row.status_changed_at) > fromDbTimestamp(created)).toBe(true);
      // A milestone changes the passport, not its status.
      await t.db.updateTable("passports").set({ is_visa_applied: 1 }).where("id", "=", id).execute();
      await put(users.admin, `/api/passport/${id}/visa-granted-status/true`);
      expect(fromDbTimestamp((await stored(id)).status_changed_at)).toBe(fromDbTimestamp(row.status_changed_at));
    });
  });

  describe("comments", () => {
    const COMMENTS = [
      { path: "comment-by-admin", who: "admin", field: "commentByAdmin", column: "comment_by_admin" },
      { path: "comment-by-super-admin", who: "superAdmin", field: "commentBySuperAdmin", column: "comment_by_super_admin" },
    ] as const;

    it.each(COMMENTS)("$path stores $field and records it", async ({ path, who, field, column }) => {
      const id = await arrange("REVIEWED");
      const first = await put(users[who], `/api/passport/${id}/${path}`, { [field]: "  Documents look fine " });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ success: true, message: "Comment added successfully", replyMessage: { [field]: "Documents look fine" } });
      await put(users[who], `/api/passport/${id}/${path}`, { [field]: "Police clearance missing" });
      expect((await stored(id))[column]).toBe("Police clearance missing");
      expect(await events(id)).toEqual([
        { user_id: users[who].id, kind: "COMMENT", field, old_value: null, new_value: "Documents look fine" },
        { user_id: users[who].id, kind: "COMMENT", field, old_value: "Documents look fine", new_value: "Police clearance missing" },
      ]);
    });

    it.each(COMMENTS.flatMap((c) => (["PENDING", "COMPLETED"] as const).map((status) => ({ ...c, status }))))(
      "$path is accepted on a $status passport",
      async ({ path, who, field, status }) => {
        const id = await arrange(status);
        const res = await put(users[who], `/api/passport/${id}/${path}`, { [field]: "ok" });
        expect(res.json()).toMatchObject({ success: true, replyMessage: { [field]: "ok", isSuperAdminApproved: status } });
      },
    );

    it.each(COMMENTS.flatMap((c) => (["APPROVED", "REJECTED"] as const).map((status) => ({ ...c, status }))))(
      "$path is refused with 409 once $status",
      async ({ path, who, field, column, status }) => {
        const id = await arrange(status);
        const res = await put(users[who], `/api/passport/${id}/${path}`, { [field]: "too late" });
        expect(res.statusCode).toBe(409);
        expect(res.json().errorMessage).toContain(`Passport is ${status};`);
        expect((await stored(id))[column]).toBeNull();
        expect(await events(id)).toEqual([]);
      },
    );

    it("refuses a blank comment with 400, keeping the thread and the latest comment", async () => {
      const id = await arrange("PENDING");
      await put(users.admin, `/api/passport/${id}/comment-by-admin`, { commentByAdmin: "check NID" });
      const res = await put(users.admin, `/api/passport/${id}/comment-by-admin`, { commentByAdmin: "   " });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { commentByAdmin: MSG.commentRequired } });
      expect((await stored(id)).comment_by_admin).toBe("check NID");
      expect((await events(id)).map((e) => e.new_value)).toEqual(["check NID"]);
    });

    it("answers 400 without the comment, 403 for the other role, 404 for an unknown passport", async () => {
      const id = await arrange("REVIEWED");
      const missing = await put(users.admin, `/api/passport/${id}/comment-by-admin`, { commentBySuperAdmin: "x" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toHaveProperty("commentByAdmin");
      expect((await put(users.superAdmin, `/api/passport/${id}/comment-by-admin`, { commentByAdmin: "x" })).statusCode).toBe(403);
      expect((await put(users.admin, `/api/passport/${id}/comment-by-super-admin`, { commentBySuperAdmin: "x" })).statusCode).toBe(403);
      expect((await put(users.admin, "/api/passport/999999/comment-by-admin", { commentByAdmin: "x" })).statusCode).toBe(404);
      expect(await events(id)).toEqual([]);
    });
  });
});
