import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PassportStatus } from "../../src/contract";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

interface Row {
  id: number;
  agent: "a" | "b";
  status: PassportStatus;
  fullName: string;
  passportNo: string;
  telephone: string;
  slot: "dhaka" | "sylhet";
  visaType: string;
  byAdmin?: boolean;
}

const ALL_STATUSES: PassportStatus[] = ["PENDING", "REVIEWED", "COMPLETED", "APPROVED", "REJECTED"];

describe.each(DIALECTS)("passport lists on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agentA: TestUser;
  let agentB: TestUser;
  const rows: Row[] = [];

  const get = (user: TestUser | undefined, url: string) => call(t, user, { method: "GET", url });
  /** Ids of the arranged rows matching `keep`, newest first: the order every list answers. */
  const idsWhere = (keep: (r: Row) => boolean) => rows.filter(keep).map((r) => r.id).sort((x, y) => y - x);
  const contentIds = (res: { json(): any }) => res.json().replyMessage.content.map((p: { id: number }) => p.id);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await createUser(t, "admin1", ["ADMIN"]);
    superAdmin = await createUser(t, "super1", ["SUPER_ADMIN"]);
    agentA = await createUser(t, "agentA", ["AGENT"]);
    agentB = await createUser(t, "agentB", ["AGENT"]);
    const slots = { dhaka: await createSlot(t, "Dhaka-01"), sylhet: await createSlot(t, "Sylhet-02") };
    const specs: Omit<Row, "id">[] = [
      { agent: "a", status: "PENDING", fullName: "Rahim Uddin", passportNo: "EB1234567", telephone: "01711111111", slot: "dhaka", visaType: "WORKVISA" },
      { agent: "a", status: "PENDING", fullName: "RAHIMA Khatun", passportNo: "eb7654321", telephone: "01822222222", slot: "sylhet", visaType: "VISITVISA" },
      { agent: "a", status: "PENDING", fullName: "Karim 50% Ali", passportNo: "BX0000001", telephone: "01933333333", slot: "dhaka", visaType: "STUDENTVISA" },
      { agent: "a", status: "REVIEWED", fullName: "Karim 50X Ali", passportNo: "BX0000002", telephone: "01711111112", slot: "dhaka", visaType: "WORKVISA" },
      { agent: "a", status: "REVIEWED", fullName: "Abdul_Kader", passportNo: "BX0000003", telephone: "01711111113", slot: "sylhet", visaType: "WORKVISA" },
      { agent: "a", status: "COMPLETED", fullName: "AbdulXKader", passportNo: "BX0000004", telephone: "01711111114", slot: "dhaka", visaType: "WORKVISA" },
      { agent: "a", status: "APPROVED", fullName: "Back\\slash Mia", passportNo: "BX0000005", telephone: "01711111115", slot: "dhaka", visaType: "WORKVISA" },
      { agent: "a", status: "REJECTED", fullName: "Backslash Mia", passportNo: "BX0000006", telephone: "01711111116", slot: "dhaka", visaType: "VISITVISA" },
      { agent: "b", status: "PENDING", fullName: "Shahidul Islam", passportNo: "CX0000001", telephone: "01544444444", slot: "sylhet", visaType: "WORKVISA" },
      { agent: "b", status: "REVIEWED", fullName: "Nasrin Akter", passportNo: "CX0000002", telephone: "01655555555", slot: "sylhet", visaType: "STUDENTVISA" },
      { agent: "b", status: "COMPLETED", fullName: "Jamal Hossain", passportNo: "CX0000003", telephone: "01766666666", slot: "dhaka", visaType: "WORKVISA" },
      { agent: "b", status: "APPROVED", fullName: "Rubel Mia", passportNo: "CX0000004", telephone: "01877777777", slot: "sylhet", visaType: "VISITVISA" },
      { agent: "b", status: "REJECTED", fullName: "Sumon Ahmed", passportNo: "CX0000005", telephone: "01988888888", slot: "sylhet", visaType: "WORKVISA" },
      { agent: "b", status: "PENDING", fullName: "Entered By Admin", passportNo: "CX0000006", telephone: "01399999999", slot: "dhaka", visaType: "WORKVISA", byAdmin: true },
    ];
    for (const spec of specs) {
      const agent = spec.agent === "a" ? agentA : agentB;
      const id = await insertPassport(t, {
        agentId: agent.id,
        agentName: agent.username,
        adminId: spec.byAdmin ? admin.id : null,
        slotId: slots[spec.slot].id,
        status: spec.status,
        fullName: spec.fullName,
        passportNo: spec.passportNo,
        telephone: spec.telephone,
        visaType: spec.visaType,
      });
      rows.push({ ...spec, id });
    }
  });
  afterAll(() => t.close());

  describe("status selection", () => {
    const cases: [path: string, statuses: PassportStatus[]][] = [
      ["get-pending-passports", ["PENDING"]],
      ["get-reviewed-passports", ["REVIEWED"]],
      ["get-approved-passports", ["APPROVED"]],
      ["get-rejected-passports", ["REJECTED"]],
      ["get-completed-passports", ["COMPLETED"]],
      ["get-pending-and-reviewed-passports", ["PENDING", "REVIEWED"]],
      ["get-history", ALL_STATUSES],
      ["filter-history", ALL_STATUSES],
      ["filter", ALL_STATUSES],
    ];
    it.each(cases)("%s answers %j, newest first", async (path, statuses) => {
      const res = await get(superAdmin, `/api/passport/${path}?size=100`);
      expect(res.statusCode).toBe(200);
      const expected = idsWhere((r) => statuses.includes(r.status));
      expect(expected.length).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({ success: true, replyMessage: { totalElements: expected.length, page: 0, size: 100 } });
      expect(contentIds(res)).toEqual(expected);
    });

    const agentCases: [path: string, statuses: PassportStatus[]][] = [
      ["get-agent-pending-passports", ["PENDING"]],
      ["get-agent-approved-passports", ["APPROVED"]],
      ["get-agent-rejected-passports", ["REJECTED"]],
      ["get-agent-pending-and-reviewed-passports", ["PENDING", "REVIEWED"]],
      ["filter-agent-specific-passports", ALL_STATUSES],
    ];
    it.each(agentCases)("%s/{agentId} answers that agent's %j only", async (path, statuses) => {
      for (const [user, agent] of [[agentB, "b"], [admin, "b"], [superAdmin, "a"]] as const) {
        const agentId = agent === "a" ? agentA.id : agentB.id;
        const res = await get(user, `/api/passport/${path}/${agentId}?size=100`);
        expect(res.statusCode).toBe(200);
        const expected = idsWhere((r) => r.agent === agent && statuses.includes(r.status));
        expect(expected.length).toBeGreaterThan(0);
        expect(contentIds(res)).toEqual(expected);
        expect(res.json().replyMessage.totalElements).toBe(expected.length);
      }
    });

    it("get-agent-passports answers passports whose agent or admin is the user", async () => {
      const ofAdmin = await get(admin, `/api/passport/get-agent-passports/${admin.id}?size=100`);
      expect(ofAdmin.statusCode).toBe(200);
      expect(contentIds(ofAdmin)).toEqual(idsWhere((r) => r.byAdmin === true));
      const ofAgent = await get(agentA, `/api/passport/get-agent-passports/${agentA.id}?size=100`);
      expect(contentIds(ofAgent)).toEqual(idsWhere((r) => r.agent === "a"));
      const bySuper = await get(superAdmin, `/api/passport/get-agent-passports/${agentB.id}?size=100`);
      expect(contentIds(bySuper)).toEqual(idsWhere((r) => r.agent === "b"));
    });

    it("get-pending-passports honours isSuperAdminApproved and the other filters", async () => {
      const pending = await get(admin, "/api/passport/get-pending-passports?isSuperAdminApproved=PENDING&size=100");
      expect(contentIds(pending)).toEqual(idsWhere((r) => r.status === "PENDING"));
      const reviewed = await get(admin, "/api/passport/get-pending-passports?isSuperAdminApproved=REVIEWED");
      expect(reviewed.json().replyMessage).toMatchObject({ content: [], totalElements: 0 });
      const named = await get(admin, "/api/passport/get-pending-passports?fullName=rahim");
      expect(contentIds(named)).toEqual(idsWhere((r) => r.status === "PENDING" && /rahim/i.test(r.fullName)));
    });
  });

  describe("filters", () => {
    const filter = (query: string) => get(superAdmin, `/api/passport/filter?size=100&${query}`);
    const cases: [query: string, keep: (r: Row) => boolean][] = [
      ["fullName=rahim", (r) => r.fullName === "Rahim Uddin" || r.fullName === "RAHIMA Khatun"],
      ["fullName=DIN", (r) => r.fullName === "Rahim Uddin"],
      ["fullName=50%25", (r) => r.fullName === "Karim 50% Ali"],
      ["fullName=l_K", (r) => r.fullName === "Abdul_Kader"],
      ["fullName=k%5Cs", (r) => r.fullName === "Back\\slash Mia"],
      ["passportNo=eb", (r) => r.passportNo.toLowerCase().startsWith("eb")],
      ["passportNo=7654", (r) => r.passportNo === "eb7654321"],
      ["telephone=0182", (r) => r.telephone === "01822222222"],
      ["telephone=1111", (r) => r.telephone.includes("1111")],
      ["agentName=AGENTB", (r) => r.agent === "b"],
      ["agentName=enta", (r) => r.agent === "a"],
      ["slot=sylhet", (r) => r.slot === "sylhet"],
      ["slot=A-0", (r) => r.slot === "dhaka"],
      ["visaType=visit", (r) => r.visaType === "VISITVISA"],
      ["visaType=STUDENT", (r) => r.visaType === "STUDENTVISA"],
      ["isSuperAdminApproved=reviewed", (r) => r.status === "REVIEWED"],
      ["isSuperAdminApproved=COMPLETED", (r) => r.status === "COMPLETED"],
      ["isSuperAdminApproved=REVIEW", () => false],
      ["fullName=%20%20&slot=", () => true],
      ["fullName=%20rahim%20", (r) => /rahim/i.test(r.fullName)],
      ["slot=dhaka&visaType=work&isSuperAdminApproved=PENDING", (r) => r.slot === "dhaka" && r.visaType === "WORKVISA" && r.status === "PENDING"],
      ["fullName=nobody-has-this-name", () => false],
    ];
    it.each(cases)("filter?%s", async (query, keep) => {
      const res = await filter(query);
      expect(res.statusCode).toBe(200);
      const expected = idsWhere(keep);
      expect(contentIds(res)).toEqual(expected);
      expect(res.json().replyMessage.totalElements).toBe(expected.length);
    });

    it("the blank-filter case really lists everything, and the literal cases are narrower than a wildcard would be", async () => {
      expect((await filter("fullName=%20%20")).json().replyMessage.totalElements).toBe(rows.length);
      // Had % and _ been wildcards, these would also match "Karim 50X Ali" and "AbdulXKader".
      expect(rows.filter((r) => /^Karim 50. Ali$/.test(r.fullName))).toHaveLength(2);
      expect(rows.filter((r) => /^Abdul.Kader$/.test(r.fullName))).toHaveLength(2);
      expect(contentIds(await filter("fullName=50%25"))).toHaveLength(1);
      expect(contentIds(await filter("fullName=l_K"))).toHaveLength(1);
    });

    it("filter-history filters every status", async () => {
      const res = await get(superAdmin, "/api/passport/filter-history?size=100&agentName=agenta&visaType=WORK&isSuperAdminApproved=approved");
      expect(contentIds(res)).toEqual(idsWhere((r) => r.agent === "a" && r.visaType === "WORKVISA" && r.status === "APPROVED"));
      expect(contentIds(res)).toHaveLength(1);
    });

    it("filter-agent-specific-passports combines the agent with the filters", async () => {
      const res = await get(admin, `/api/passport/filter-agent-specific-passports/${agentB.id}?size=100&slot=SYL&isSuperAdminApproved=PENDING`);
      expect(contentIds(res)).toEqual(idsWhere((r) => r.agent === "b" && r.slot === "sylhet" && r.status === "PENDING"));
      expect(contentIds(res)).toHaveLength(1);
      const own = await get(agentA, `/api/passport/filter-agent-specific-passports/${agentA.id}?fullName=shahidul`);
      expect(own.json().replyMessage).toMatchObject({ content: [], totalElements: 0 });
    });

    it("rejects a filter value longer than 100 characters", async () => {
      const res = await filter(`fullName=${"x".repeat(101)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errors: { fullName: expect.any(String) } });
    });
  });

  describe("rows", () => {
    it("answer the contract's Passport record and no document data", async () => {
      const res = await get(admin, `/api/passport/get-agent-pending-passports/${agentA.id}?fullName=Rahim%20Uddin`);
      const [passport] = res.json().replyMessage.content;
      const row = rows.find((r) => r.fullName === "Rahim Uddin")!;
      expect(passport).toEqual({
        id: row.id,
        fullName: "Rahim Uddin",
        passportNo: "EB1234567",
        fathersName: "Abdul Karim",
        mothersName: "Rahima Begum",
        schooling: "SSC",
        maritalStatus: "Single",
        telephone: "01711111111",
        agentId: agentA.id,
        agentName: "agentA",
        adminId: null,
        contractAmount: 50000,
        passportIssueDate: "2022-01-01",
        passportExpireDate: "2032-01-01",
        dob: "1995-05-05",
        age: expect.any(Number),
        visaType: "WORKVISA",
        slot: "Dhaka-01",
        isSuperAdminApproved: "PENDING",
        commentByAdmin: null,
        commentBySuperAdmin: null,
        isWorkPermitApproved: false,
        isGadgetPublished: false,
        isVisaApplied: false,
        isVisaGranted: false,
        isBMETApproved: false,
        isFlightScheduled: false,
        visaIssueDate: null,
        visaExpireDate: null,
        visaRemainingDays: null,
        flightScheduleDate: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        statusChangedAt: passport.createdAt,
        commentCount: 0,
      });
      expect(passport.age).toBeGreaterThanOrEqual(30);
    });
  });

  describe("pagination", () => {
    it("defaults to page 0 of size 10", async () => {
      const res = await get(superAdmin, "/api/passport/get-history");
      expect(res.json().replyMessage).toMatchObject({ page: 0, size: 10, totalElements: rows.length, totalPages: 2 });
      expect(contentIds(res)).toEqual(idsWhere(() => true).slice(0, 10));
    });

    it("answers a partial last page and an empty page past the end with the right total", async () => {
      const all = idsWhere(() => true); // 14 rows: pages of 5 are 5, 5, 4
      const last = await get(superAdmin, "/api/passport/get-history?page=2&size=5");
      expect(last.json().replyMessage).toMatchObject({ page: 2, size: 5, totalElements: 14, totalPages: 3 });
      expect(contentIds(last)).toEqual(all.slice(10));
      const middle = await get(superAdmin, "/api/passport/get-history?page=1&size=5");
      expect(contentIds(middle)).toEqual(all.slice(5, 10));
      const past = await get(superAdmin, "/api/passport/get-history?page=3&size=5");
      expect(past.statusCode).toBe(200);
      expect(past.json().replyMessage).toMatchObject({ content: [], totalElements: 14, page: 3 });
      const filteredPast = await get(superAdmin, "/api/passport/filter?page=9&size=100&slot=sylhet");
      expect(filteredPast.json().replyMessage).toMatchObject({ content: [], totalElements: idsWhere((r) => r.slot === "sylhet").length });
    });

    it("accepts size 1 and size 100", async () => {
      const one = await get(superAdmin, "/api/passport/get-history?size=1");
      expect(contentIds(one)).toEqual(idsWhere(() => true).slice(0, 1));
      expect((await get(superAdmin, "/api/passport/get-history?size=100")).statusCode).toBe(200);
    });

    it.each([
      ["size=0", "size"],
      ["size=101", "size"],
      ["size=-1", "size"],
      ["size=abc", "size"],
      ["size=1.5", "size"],
      ["page=-1", "page"],
      ["page=abc", "page"],
    ])("refuses %s with 400", async (query, field) => {
      for (const path of ["get-history", `get-agent-pending-passports/${agentA.id}`]) {
        const res = await get(superAdmin, `/api/passport/${path}?${query}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ success: false, replyMessage: null, errors: { [field]: expect.any(String) } });
      }
    });

    it("refuses a malformed agent id with 400", async () => {
      expect((await get(superAdmin, "/api/passport/get-agent-pending-passports/abc")).statusCode).toBe(400);
      expect((await get(superAdmin, "/api/passport/get-agent-passports/0")).statusCode).toBe(400);
      // Beyond the 32-bit id columns: 400, not a database error.
      expect((await get(superAdmin, "/api/passport/get-agent-pending-passports/99999999999")).statusCode).toBe(400);
    });
  });

  describe("access", () => {
    it("an agent may not read another agent's passports", async () => {
      for (const path of [
        "filter-agent-specific-passports",
        "get-agent-passports",
        "get-agent-pending-passports",
        "get-agent-approved-passports",
        "get-agent-rejected-passports",
        "get-agent-pending-and-reviewed-passports",
      ]) {
        const res = await get(agentA, `/api/passport/${path}/${agentB.id}`);
        expect(res.statusCode, path).toBe(403);
        expect(res.json()).toMatchObject({ success: false, replyMessage: null });
        expect((await get(agentA, `/api/passport/${path}/${agentA.id}`)).statusCode, path).toBe(200);
      }
    });

    it("an admin reads get-agent-passports for themself only; a super admin for anyone", async () => {
      expect((await get(admin, `/api/passport/get-agent-passports/${agentA.id}`)).statusCode).toBe(403);
      expect((await get(superAdmin, `/api/passport/get-agent-passports/${admin.id}`)).statusCode).toBe(200);
    });

    it("agents cannot read the all-agents lists; admins not the super admin's", async () => {
      expect((await get(agentA, "/api/passport/get-pending-passports")).statusCode).toBe(403);
      expect((await get(agentA, "/api/passport/filter")).statusCode).toBe(403);
      expect((await get(admin, "/api/passport/get-approved-passports")).statusCode).toBe(403);
      expect((await get(admin, "/api/passport/get-history")).statusCode).toBe(403);
      expect((await get(undefined, "/api/passport/get-pending-passports")).statusCode).toBe(401);
      expect((await get(undefined, `/api/passport/get-agent-pending-passports/${agentA.id}`)).statusCode).toBe(401);
    });
  });
});
