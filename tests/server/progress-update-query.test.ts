import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

/** One update of each kind: a milestone, the two visa dates and the flight date (spec §7). */
const UPDATES = [
  { name: "milestone", path: "work-permit-approval-status/true", payload: undefined },
  { name: "visa issue date", path: "update-visa-issue-date", payload: { visaIssueDate: "2026-01-15" } },
  { name: "visa expiry date", path: "update-visa-expire-date", payload: { visaExpireDate: "2027-01-14" } },
  { name: "flight date", path: "update-flight-schedule-date", payload: { flightScheduleDate: "2026-03-01T10:30:00Z" } },
] as const;

const LIST_QUERY = "page=2&size=20&fullName=Rahim&passportNo=BX1&telephone=017&agentName=agent&slot=S-1&visaType=WORKVISA&agentId=3";

describe.each(DIALECTS)("the list query of milestone and date updates on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let agentId: number;
  let slotId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "admin1", ["ADMIN"]);
    agentId = (await createUser(t, "agent1", ["AGENT"])).id;
    slotId = (await createSlot(t)).id;
  });
  afterAll(() => t.close());

  // Visa granted and BMET approved with an issue date, so each update is allowed (docs/access.md "Workflow rules").
  const reviewed = () =>
    insertPassport(t, { agentId, slotId, status: "REVIEWED", set: { is_visa_applied: 1, is_visa_granted: 1, is_bmet_approved: 1, visa_issue_date: "2026-01-10" } });
  const put = (url: string, payload: object | undefined) => call(t, admin, { method: "PUT", url, ...(payload ? { payload } : {}) });
  const events = (id: number) => t.db.selectFrom("passport_events").select("field").where("passport_id", "=", id).execute();

  it.each(UPDATES)("accepts the $name with the list's page, size and filters", async ({ path, payload }) => {
    const id = await reviewed();
    const res = await put(`/api/passport/${id}/${path}?${LIST_QUERY}`, payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, replyMessage: { id } });
    expect(await events(id)).toHaveLength(1);
  });

  it.each(UPDATES)("answers 400 for the $name with page=-1, size=abc or agentId=x, and changes nothing", async ({ path, payload }) => {
    const id = await reviewed();
    const bad = [
      ["page=-1&size=10", { page: "page must be 0 or more" }],
      ["page=0&size=abc", { size: "size must be a whole number" }],
      ["page=1.5", { page: "page must be a whole number" }],
      ["size=500", { size: "size must be at most 100" }],
      ["agentId=x", { agentId: "agentId must be a whole number" }],
    ] as const;
    for (const [query, errors] of bad) {
      const res = await put(`/api/passport/${id}/${path}?${query}`, payload);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, replyMessage: null, errorMessage: Object.values(errors)[0], errors });
    }
    expect(await events(id)).toEqual([]);
  });
});
