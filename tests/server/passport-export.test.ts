/**
 * Issue 27 for the spec's own lists, on both databases: every passport list, the User List, the
 * Security Log and Slots answer `format=csv` or `format=xlsx` with the whole filtered list as a file:
 * exactly the rows its pages hold, all of them, in its order, in the columns asked for (their labels),
 * written as the screens write them; an agent's file holds only their own passports; cells a
 * spreadsheet would run as formulas are neutralised.
 */
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import dayjs from "dayjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passportBatches } from "../../server/passports/list";
import { createSlot, insertPassport, READY_TO_COMPLETE } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const today = () => dayjs().format("YYYY-MM-DD");

describe.each(DIALECTS)("the spec's lists exported on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agentA: TestUser;
  let agentB: TestUser;

  const get = (user: TestUser, url: string) => call(t, user, { method: "GET", url });
  const csvOf = async (user: TestUser, url: string) => {
    const res = await get(user, url);
    expect(res.statusCode, res.body).toBe(200);
    return { res, rows: parse(res.rawPayload, { bom: true, relax_column_count: true }) as string[][] };
  };
  /** Every page of a passport list, 3 at a time: what the screen shows page by page. */
  const allPages = async (user: TestUser, url: string) => {
    const content: Record<string, unknown>[] = [];
    for (let page = 0; ; page++) {
      const res = await get(user, `${url}${url.includes("?") ? "&" : "?"}page=${page}&size=3`);
      expect(res.statusCode, res.body).toBe(200);
      const reply = res.json().replyMessage;
      content.push(...reply.content);
      if (content.length >= reply.totalElements || reply.content.length === 0) return { content, total: reply.totalElements as number };
    }
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { limits: { exportXlsxMaxRows: 8 } });
    admin = await createUser(t, "export.admin", ["ADMIN"]);
    superAdmin = await createUser(t, "export.super", ["SUPER_ADMIN"]);
    agentA = await createUser(t, "export.agentA", ["AGENT"]);
    agentB = await createUser(t, "export.agentB", ["AGENT"]);
    const slot = await createSlot(t, "EXP-SLOT-1");
    const names = ["Rahim Uddin", "রহিম উদ্দিন", "=HYPERLINK(\"http://x.example\")", "+8801711", "-Rahim", "@Rahim", "Karim Mia"];
    for (let i = 0; i < 14; i++) {
      const agent = i % 3 === 2 ? agentB : agentA;
      await insertPassport(t, {
        agentId: agent.id,
        agentName: agent.username,
        slotId: slot.id,
        status: i % 4 === 3 ? "REVIEWED" : "PENDING",
        fullName: `${names[i % names.length]} ${i}`,
        passportNo: `EXP${String(i).padStart(6, "0")}`,
        set: i === 1 ? { ...READY_TO_COMPLETE, is_gadget_published: 0, contract_amount: 400000 } : {},
      });
    }
  });
  afterAll(() => t.close());

  it("answers admin Pending filtered by a name as a CSV of exactly the list's rows, all pages, in its order", async () => {
    const list = "/api/passport/filter?isSuperAdminApproved=PENDING&fullName=rahim";
    const { content, total } = await allPages(admin, list);
    expect(total).toBeGreaterThan(3);
    const { res, rows } = await csvOf(admin, `${list}&page=1&size=2&format=csv&columns=serial,passportNo,fullName,agentName,status`);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="pending-passports-${today()}\\.csv"`));
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...body] = rows;
    expect(header).toEqual(["SL", "Passport No", "Full Name", "Agent Name", "Status"]);
    expect(body).toHaveLength(total);
    expect(body.map((r) => r[1])).toEqual(content.map((p) => p.passportNo));
    expect(body.map((r) => r[0])).toEqual(body.map((_, i) => String(i + 1)));
    expect(body.every((r) => r[4] === "PENDING")).toBe(true);
  });

  it("writes cells as the screens do: DD/MM/YYYY, ৳, Done / Processing, Bengali kept; formula-like cells neutralised", async () => {
    const columns = "fullName,passportIssueDate,contractAmount,isWorkPermitApproved,isGadgetPublished,visaExpireDate,flightScheduleDate,commentByAdmin";
    const { rows } = await csvOf(admin, `/api/passport/filter?passportNo=EXP000001&format=csv&columns=${columns}`);
    expect(rows[0]).toEqual(["Full Name", "Passport Issue Date", "Contract Amount (BDT)", "Work Permit", "Gadget Published", "Visa Expiry Date", "Flight Schedule Date", "Comment"]);
    expect(rows[1].slice(0, 6)).toEqual(["রহিম উদ্দিন 1", "01/01/2022", "৳4,00,000", "Done", "Processing", "14/01/2027"]);
    expect(rows[1][6]).toMatch(/^01\/03\/2026 \d\d:\d\d$/);
    expect(rows[1][7]).toBe("");
    const { rows: named } = await csvOf(admin, "/api/passport/filter?passportNo=EXP00000&format=csv&columns=fullName");
    const cells = named.slice(1).map((r) => r[0]);
    expect(cells).toContain(`'=HYPERLINK("http://x.example") 2`);
    expect(cells).toContain("'+8801711 3");
    expect(cells).toContain("'-Rahim 4");
    expect(cells).toContain("'@Rahim 5");
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
  });

  it("answers the same list as an Excel workbook with the same rows: dates as date cells, amounts as ৳ numbers", async () => {
    const list = "/api/passport/filter?isSuperAdminApproved=PENDING&fullName=rahim";
    const res = await get(admin, `${list}&format=xlsx&columns=serial,fullName,passportIssueDate,contractAmount,isWorkPermitApproved`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX_TYPE);
    expect(res.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="pending-passports-${today()}\\.xlsx"`));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe("Pending Passports");
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["SL", "Full Name", "Passport Issue Date", "Contract Amount (BDT)", "Work Permit"]);
    const { content } = await allPages(admin, list);
    expect(sheet.actualRowCount - 1).toBe(content.length);
    for (const [i, passport] of content.entries()) {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(i + 1);
      expect(row.getCell(2).value).toBe(passport.fullName);
      expect((row.getCell(3).value as Date).toISOString().slice(0, 10)).toBe(passport.passportIssueDate);
      expect(row.getCell(3).numFmt).toBe("dd/mm/yyyy");
      expect(row.getCell(4).value).toBe(passport.contractAmount);
      expect(row.getCell(4).numFmt).toBe('"৳"#,##0');
      expect(row.getCell(5).value).toBe(passport.isWorkPermitApproved ? "Done" : "Processing");
    }
  });

  it("gives an agent's file only their own passports, and refuses another agent's", async () => {
    const { content } = await allPages(agentA, `/api/passport/filter-agent-specific-passports/${agentA.id}?isSuperAdminApproved=PENDING`);
    const { res, rows } = await csvOf(agentA, `/api/passport/filter-agent-specific-passports/${agentA.id}?isSuperAdminApproved=PENDING&format=csv&columns=passportNo,agentName`);
    expect(res.headers["content-disposition"]).toMatch(/filename="pending-passports-/);
    expect(rows.slice(1).map((r) => r[0])).toEqual(content.map((p) => p.passportNo));
    expect(rows.length - 1).toBeGreaterThan(0);
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set([agentA.username]));
    expect((await get(agentA, `/api/passport/filter-agent-specific-passports/${agentB.id}?format=csv`)).statusCode).toBe(403);
    expect((await get(agentA, "/api/passport/filter?format=csv")).statusCode).toBe(403);
  });

  it("names each list's file and gives its own columns by default", async () => {
    const history = await csvOf(superAdmin, "/api/passport/filter-history?format=csv");
    expect(history.res.headers["content-disposition"]).toMatch(/filename="passport-history-/);
    expect(history.rows[0].slice(0, 7)).toEqual(["SL", "Full Name", "Passport No", "Phone", "Agent Name", "Visa Type", "Status"]);
    expect(history.rows).toHaveLength(15);
    const pending = await csvOf(admin, "/api/passport/get-pending-passports?format=csv");
    expect(pending.rows[0]).not.toContain("Attachments");
    expect(pending.rows[0]).toContain("Father's Name");
    const reviewed = await csvOf(admin, "/api/passport/filter?isSuperAdminApproved=REVIEWED&format=csv");
    expect(reviewed.res.headers["content-disposition"]).toMatch(/filename="reviewed-passports-/);
    const entries = await csvOf(agentA, `/api/passport/get-agent-passports/${agentA.id}?format=csv&columns=passportNo,attachments`);
    expect(entries.res.headers["content-disposition"]).toMatch(/filename="agent-data-entry-/);
    expect(entries.rows[0]).toEqual(["Passport No"]);
  });

  it("refuses an unknown column with 400 and the field's message", async () => {
    const res = await get(admin, "/api/passport/filter?format=csv&columns=fullName,salary");
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessage).toMatch(/columns must name passport columns/);
  });

  it("refuses an Excel file longer than EXPORT_XLSX_MAX_ROWS, offering CSV; CSV is not capped", async () => {
    const res = await get(superAdmin, "/api/passport/filter-history?format=xlsx");
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessage).toBe("An Excel file holds at most 8 rows; this list has more than 8. Export it as CSV, or narrow it with filters.");
    expect((await csvOf(superAdmin, "/api/passport/filter-history?format=csv")).rows).toHaveLength(15);
    expect((await get(superAdmin, "/api/passport/filter-history?format=xlsx&fullName=rahim")).statusCode).toBe(200);
  });

  it("walks a list in batches that together are the list, newest first, whatever the batch's size", async () => {
    const ids: number[] = [];
    for await (const batch of passportBatches(t.db, { statuses: ["PENDING"] }, { fullName: "rahim" }, 3)) {
      expect(batch.length).toBeLessThanOrEqual(3);
      ids.push(...batch.map((p) => p.id));
    }
    const { content } = await allPages(admin, "/api/passport/get-pending-passports?fullName=rahim");
    expect(ids).toEqual(content.map((p) => p.id));
  });

  it("exports the User List, the Security Log and Slots with the same access as their lists", async () => {
    const users = await csvOf(superAdmin, "/auth/get-all-users?format=csv");
    expect(users.res.headers["content-disposition"]).toMatch(new RegExp(`filename="users-${today()}\\.csv"`));
    expect(users.rows[0]).toEqual(["Username", "Contact Number", "Email", "Address", "Roles"]);
    expect(users.rows.map((r) => r[0])).toEqual(expect.arrayContaining(["export.admin", "export.agentA"]));
    const listed = (await get(superAdmin, "/auth/get-all-users?size=100")).json().replyMessage;
    expect(users.rows).toHaveLength(listed.totalElements + 1);
    expect((await get(admin, "/auth/get-all-users?format=csv")).statusCode).toBe(403);

    const log = await csvOf(superAdmin, "/auth/security-events?format=csv&username=export.admin");
    expect(log.res.headers["content-disposition"]).toMatch(/filename="security-log-/);
    expect(log.rows[0]).toEqual(["When", "Event", "User", "By", "Address", "Browser", "Details"]);
    const events = (await get(superAdmin, "/auth/security-events?size=100&username=export.admin")).json().replyMessage;
    expect(log.rows).toHaveLength(events.totalElements + 1);
    expect(events.totalElements).toBeGreaterThan(0);
    expect((await get(admin, "/auth/security-events?format=csv")).statusCode).toBe(403);

    const slots = await csvOf(admin, "/slot/get-all-slots?format=csv");
    expect(slots.res.headers["content-disposition"]).toMatch(/filename="slots-/);
    expect(slots.rows).toEqual([["ID", "Slot Number"], [expect.any(String), "EXP-SLOT-1"]]);
    const xlsx = await get(admin, "/slot/get-all-slots?format=xlsx");
    expect(xlsx.headers["content-type"]).toBe(XLSX_TYPE);
    const plain = await get(admin, "/slot/get-all-slots");
    expect(plain.json().replyMessage).toHaveLength(1);
  });
});
