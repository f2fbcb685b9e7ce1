/**
 * Lists that span several index ranges (two statuses; an agent's or an admin's passports) are read
 * range by range and merged: every page must still be the same newest-first slice, without repeats.
 * (The plans of the list queries are checked in list-plans.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PassportStatus } from "../../src/contract";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

interface Row {
  id: number;
  agentId: number;
  adminId: number | null;
  status: PassportStatus;
  slot: string;
}

const STATUSES: PassportStatus[] = ["PENDING", "REVIEWED", "COMPLETED", "APPROVED", "REJECTED"];

describe.each(DIALECTS)("merged list pages on %s", (dialect) => {
  let t: TestApp;
  let superAdmin: TestUser;
  let adminAgent: TestUser;
  let agent: TestUser;
  const rows: Row[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
    // An admin who is also an agent: some passports have them as both agent and admin.
    adminAgent = await createUser(t, "admin1", ["ADMIN", "AGENT"]);
    agent = await createUser(t, "agent1", ["AGENT"]);
    const slots = [await createSlot(t, "Dhaka-01"), await createSlot(t, "Sylhet-02")];
    for (let n = 0; n < 40; n++) {
      const agentId = n % 3 === 0 ? adminAgent.id : agent.id;
      const adminId = n % 2 === 0 ? adminAgent.id : null;
      const status = STATUSES[(n * 7) % STATUSES.length];
      const slot = slots[n % 5 === 0 ? 1 : 0];
      const id = await insertPassport(t, { agentId, adminId, status, slotId: slot.id });
      rows.push({ id, agentId, adminId, status, slot: slot.slotName });
    }
  });
  afterAll(() => t.close());

  const expectedIds = (keep: (r: Row) => boolean) => rows.filter(keep).map((r) => r.id).sort((a, b) => b - a);

  /** Every page of `url` at `size`, concatenated, and the totals each page reported. */
  async function allPages(url: string, size: number) {
    const ids: number[] = [];
    const totals = new Set<number>();
    for (let page = 0; page < 50; page++) {
      const res = await call(t, superAdmin, { method: "GET", url: `${url}${url.includes("?") ? "&" : "?"}page=${page}&size=${size}` });
      expect(res.statusCode).toBe(200);
      const { content, totalElements } = res.json().replyMessage;
      totals.add(totalElements);
      if (content.length === 0) break;
      ids.push(...content.map((p: { id: number }) => p.id));
    }
    return { ids, totals: [...totals] };
  }

  const cases: [name: string, url: () => string, keep: (r: Row) => boolean][] = [
    ["pending and reviewed", () => "/api/passport/get-pending-and-reviewed-passports", (r) => r.status === "PENDING" || r.status === "REVIEWED"],
    [
      "one agent's pending and reviewed",
      () => `/api/passport/get-agent-pending-and-reviewed-passports/${agent.id}`,
      (r) => r.agentId === agent.id && (r.status === "PENDING" || r.status === "REVIEWED"),
    ],
    ["one agent, every status", () => `/api/passport/filter-agent-specific-passports/${agent.id}`, (r) => r.agentId === agent.id],
    [
      "entries of a user who is agent and admin",
      () => `/api/passport/get-agent-passports/${adminAgent.id}`,
      (r) => r.agentId === adminAgent.id || r.adminId === adminAgent.id,
    ],
    [
      "entries filtered by status and slot",
      () => `/api/passport/get-agent-passports/${adminAgent.id}?isSuperAdminApproved=pending&slot=sylhet`,
      (r) => (r.agentId === adminAgent.id || r.adminId === adminAgent.id) && r.status === "PENDING" && r.slot === "Sylhet-02",
    ],
  ];

  it.each(cases)("%s: every page, newest first, each passport once", async (_name, url, keep) => {
    const expected = expectedIds(keep);
    expect(expected.length).toBeGreaterThan(3);
    for (const size of [1, 3, 7, 100]) {
      const { ids, totals } = await allPages(url(), size);
      expect(ids).toEqual(expected);
      expect(totals).toEqual([expected.length]);
    }
  });

  it("a status filter outside the list's statuses answers an empty page", async () => {
    const res = await call(t, superAdmin, { method: "GET", url: "/api/passport/get-pending-and-reviewed-passports?isSuperAdminApproved=APPROVED" });
    expect(res.json().replyMessage).toMatchObject({ content: [], totalElements: 0 });
  });
});
