/**
 * GET /api/passport/overview against a hand-counted fixture, and the list filters each count links to
 * (the lists answer exactly the passports counted).
 */
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PassportStatus, todayYmd } from "../../src/contract";
import type { PassportsTable } from "../../server/db/schema";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

const DAY = 86_400_000;
const now = new Date();
/** The calendar day `offset` days from today (server time), YYYY-MM-DD. */
const day = (offset: number) => todayYmd(new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset));
/** Noon of that day, as stored. */
const noonOf = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset, 12).toISOString();
const ago = (days: number) => new Date(now.getTime() - days * DAY).toISOString();
const lastMonth = new Date(now.getFullYear(), now.getMonth(), 0, 12).toISOString();

/** Agent a or b, a status and what matters to the overview; counted by hand below. */
const FIXTURE: [n: number, agent: "a" | "b", status: PassportStatus, set: Partial<Insertable<PassportsTable>>][] = [
  [1, "a", "PENDING", { passport_expire_date: day(100) }],
  [2, "a", "PENDING", { created_at: ago(20) }],
  [3, "a", "REVIEWED", { is_work_permit_approved: 1, is_visa_applied: 1, is_visa_granted: 1, visa_issue_date: day(-100), visa_expire_date: day(10), status_changed_at: ago(20) }],
  [4, "a", "REVIEWED", { is_work_permit_approved: 1, visa_expire_date: day(31), flight_schedule_date: noonOf(7), status_changed_at: ago(10) }],
  [5, "b", "REVIEWED", { is_visa_applied: 1, is_visa_granted: 1, is_bmet_approved: 1, is_flight_scheduled: 1, visa_expire_date: day(-3), flight_schedule_date: noonOf(3) }],
  [6, "b", "COMPLETED", { visa_expire_date: day(29), flight_schedule_date: noonOf(8) }],
  [7, "a", "APPROVED", { status_changed_at: now.toISOString(), flight_schedule_date: noonOf(1), passport_expire_date: day(30) }],
  [8, "b", "APPROVED", { status_changed_at: lastMonth }],
  [9, "a", "REJECTED", { status_changed_at: now.toISOString(), visa_expire_date: day(5) }],
  [10, "b", "PENDING", { passport_expire_date: day(200) }],
  [11, "a", "COMPLETED", { passport_expire_date: day(-10), status_changed_at: ago(15) }],
  [12, "b", "PENDING", { created_at: ago(14) }],
];

const EVERYONE = {
  byStatus: { PENDING: 4, REVIEWED: 3, COMPLETED: 2, APPROVED: 2, REJECTED: 1 },
  reviewedMilestones: { isWorkPermitApproved: 2, isGadgetPublished: 0, isVisaApplied: 2, isVisaGranted: 2, isBMETApproved: 1, isFlightScheduled: 1 },
  decidedThisMonth: { approved: 1, rejected: 1 },
  attention: {
    visaExpiring: { byStatus: { REVIEWED: 2, COMPLETED: 1 }, total: 3, passports: [3, 5, 6] },
    passportExpiring: { byStatus: { PENDING: 1, REVIEWED: 0, COMPLETED: 1 }, total: 2, passports: [1, 11] },
    flightsSoon: { byStatus: { REVIEWED: 2, COMPLETED: 0, APPROVED: 1 }, total: 3, passports: [4, 5, 7] },
    waitingLong: { byStatus: { PENDING: 1, REVIEWED: 1, COMPLETED: 1 }, total: 3, passports: [2, 3, 11] },
  },
};
const AGENT_A = {
  byStatus: { PENDING: 2, REVIEWED: 2, COMPLETED: 1, APPROVED: 1, REJECTED: 1 },
  reviewedMilestones: { isWorkPermitApproved: 2, isGadgetPublished: 0, isVisaApplied: 1, isVisaGranted: 1, isBMETApproved: 0, isFlightScheduled: 0 },
  decidedThisMonth: { approved: 1, rejected: 1 },
  attention: {
    visaExpiring: { byStatus: { REVIEWED: 1, COMPLETED: 0 }, total: 1 },
    passportExpiring: { byStatus: { PENDING: 1, REVIEWED: 0, COMPLETED: 1 }, total: 2 },
    flightsSoon: { byStatus: { REVIEWED: 1, COMPLETED: 0, APPROVED: 1 }, total: 2 },
    waitingLong: { byStatus: { PENDING: 1, REVIEWED: 1, COMPLETED: 1 }, total: 3 },
  },
};

describe.each(DIALECTS)("overview on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agents: Record<"a" | "b", TestUser>;
  const ids = new Map<number, number>();
  const numbersOf = (passportIds: number[]) => passportIds.map((id) => [...ids].find(([, v]) => v === id)![0]).sort((x, y) => x - y);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "admin1", ["ADMIN"]);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
    agents = { a: await createUser(t, "agentA", ["AGENT"]), b: await createUser(t, "agentB", ["AGENT"]) };
    const slotId = (await createSlot(t, "OVERVIEW")).id;
    for (const [n, agent, status, set] of FIXTURE) {
      ids.set(n, await insertPassport(t, { agentId: agents[agent].id, agentName: agents[agent].username, slotId, status, set }));
    }
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) => call(t, user, { method: "GET", url });
  const overview = async (user: TestUser, query = "") => {
    const res = await get(user, `/api/passport/overview${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().replyMessage;
  };
  const without = <T extends Record<string, unknown>>(o: T, key: string) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== key));

  it("counts every passport for admins and super admins, by stage and what needs attention", async () => {
    for (const user of [admin, superAdmin]) {
      const answer = await overview(user);
      expect(answer).toMatchObject({
        today: todayYmd(),
        agentId: null,
        byStatus: EVERYONE.byStatus,
        reviewedMilestones: EVERYONE.reviewedMilestones,
        decidedThisMonth: { ...EVERYONE.decidedThisMonth, filter: { statusChangedFrom: `${todayYmd().slice(0, 8)}01` } },
      });
      for (const [item, expected] of Object.entries(EVERYONE.attention)) {
        expect(answer.attention[item], item).toMatchObject(without(expected, "passports"));
      }
      expect(answer.attention.visaExpiring.filter).toEqual({ visaExpireTo: day(30) });
      expect(answer.attention.flightsSoon.filter).toEqual({ flightFrom: day(0), flightTo: day(7) });
      expect(answer.attention.waitingLong.filter).toEqual({ statusChangedTo: day(-15) });
    }
  });

  it("counts only an agent's own passports, and one agent's for an admin who picks it", async () => {
    expect(await overview(agents.a)).toMatchObject({ agentId: agents.a.id, ...AGENT_A });
    expect(await overview(agents.a, `?agentId=${agents.a.id}`)).toMatchObject(AGENT_A);
    expect(await overview(admin, `?agentId=${agents.a.id}`)).toMatchObject({ agentId: agents.a.id, ...AGENT_A });
    const refused = await get(agents.a, `/api/passport/overview?agentId=${agents.b.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, replyMessage: null });
    expect((await get(admin, "/api/passport/overview?agentId=abc")).statusCode).toBe(400);
  });

  it("links each count to a list answering exactly the passports counted", async () => {
    const answer = await overview(superAdmin);
    for (const [item, expected] of Object.entries(EVERYONE.attention)) {
      const listed: number[] = [];
      for (const status of Object.keys(expected.byStatus)) {
        const query = new URLSearchParams({ ...answer.attention[item].filter, isSuperAdminApproved: status, size: "100" });
        const res = await get(superAdmin, `/api/passport/filter-history?${query}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().replyMessage.totalElements, `${item} ${status}`).toBe(answer.attention[item].byStatus[status]);
        listed.push(...res.json().replyMessage.content.map((p: { id: number }) => p.id));
      }
      expect(numbersOf(listed), item).toEqual(expected.passports);
    }
    const approved = await get(superAdmin, `/api/passport/filter?isSuperAdminApproved=APPROVED&${new URLSearchParams(answer.decidedThisMonth.filter)}`);
    expect(numbersOf(approved.json().replyMessage.content.map((p: { id: number }) => p.id))).toEqual([7]);
    const granted = await get(admin, "/api/passport/filter?isSuperAdminApproved=REVIEWED&isVisaGranted=true");
    expect(numbersOf(granted.json().replyMessage.content.map((p: { id: number }) => p.id))).toEqual([3, 5]);
    const notGranted = await get(agents.a, `/api/passport/get-agent-in-progress-passports/${agents.a.id}?isVisaGranted=false`);
    expect(numbersOf(notGranted.json().replyMessage.content.map((p: { id: number }) => p.id))).toEqual([4, 11]);
  });

  it("answers 400 for a filter that is no date, or no true or false", async () => {
    for (const [query, field] of [
      ["visaExpireTo=2026-02-30", "visaExpireTo"],
      ["flightFrom=tomorrow", "flightFrom"],
      ["isVisaGranted=yes", "isVisaGranted"],
    ]) {
      const res = await get(admin, `/api/passport/filter?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
    expect((await get(admin, "/api/passport/filter?visaExpireTo=&isVisaGranted=")).statusCode).toBe(200);
  });
});
