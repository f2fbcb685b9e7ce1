/**
 * Issue 27 for every declared resource: its list as a CSV file (`format=csv`), on both databases. The
 * file holds exactly the rows the list's filters, search and order select, all of them, in the columns
 * asked for, written as the screens write them; UTF-8 with a BOM; cells a spreadsheet would run as
 * formulas neutralised; only the roles the declaration lets export.
 */
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import dayjs from "dayjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listBatches } from "../../server/resources/list-query";
import { demandLetters } from "../../src/resources/demand-letters";
import { employers } from "../../src/resources/employers";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

describe.each(DIALECTS)("declared lists exported on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agent: TestUser;
  const employerIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { limits: { exportXlsxMaxRows: 20 } });
    admin = await createUser(t, "export.admin", ["ADMIN"]);
    superAdmin = await createUser(t, "export.super", ["SUPER_ADMIN"]);
    agent = await createUser(t, "export.agent", ["AGENT"]);
    const names = ["আল নূর ট্রেডিং", "=HYPERLINK(\"http://x.example\")", 'Gulf, "Star" Builders', "-2+3", "@Riyadh Steel"];
    for (const [i, name] of names.entries()) {
      const res = await call(t, admin, { method: "POST", url: "/api/employers", payload: { name, country: i % 2 ? "Qatar" : "Saudi Arabia", licenceNo: `EXP-${i}`, ...(i % 2 ? {} : { contactPerson: i ? "Karim" : "Rahim" }) } });
      expect(res.statusCode, res.body).toBe(201);
      employerIds.push(res.json().id);
    }
    for (let i = 0; i < 23; i++) {
      const res = await call(t, admin, {
        method: "POST",
        url: "/api/demand-letters",
        payload: {
          employerId: employerIds[i % employerIds.length],
          referenceNo: `DL-EXP-${String(i).padStart(2, "0")}`,
          country: i % 3 ? "Saudi Arabia" : "Qatar",
          jobTitle: i % 2 ? "Mason" : "Driver",
          workersRequested: 1 + ((i * 7) % 11),
          monthlySalary: 150000 + i * 1000,
          issueDate: `2026-0${1 + (i % 9)}-1${i % 10}`,
          expiryDate: i % 4 === 0 ? "2027-03-05" : "2026-12-31",
          ...(i % 4 === 0 ? { attested: true } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const exportOf = async (user: TestUser, url: string) => {
    const res = await call(t, user, { method: "GET", url });
    return { res, rows: res.statusCode === 200 ? (parse(res.rawPayload, { bom: true }) as string[][]) : [] };
  };

  it("answers the whole filtered, searched and sorted list, in the list's order, with the total's rows", async () => {
    const query = "country=Saudi%20Arabia&q=dl-exp&_sort=workersRequested,referenceNo&_order=desc,asc";
    const pages: { referenceNo: string }[] = [];
    let total = 0;
    for (let start = 0; ; start += 5) {
      const page = await call(t, admin, { method: "GET", url: `/api/demand-letters?${query}&_start=${start}&_end=${start + 5}` });
      total = Number(page.headers["x-total-count"]);
      pages.push(...page.json());
      if (pages.length >= total) break;
    }
    const { res, rows } = await exportOf(admin, `/api/demand-letters?${query}&format=csv&_start=0&_end=5`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(new RegExp(`^attachment; filename="demand-letters-${dayjs().format("YYYY-MM-DD")}\\.csv"`));
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const [header, ...body] = rows;
    expect(header).toEqual(["Employer", "Reference No", "Country", "Job Title", "Workers Requested", "Monthly Salary", "Issue Date", "Expiry Date", "Attested"]);
    expect(total).toBeGreaterThan(10);
    expect(body.map((r) => r[1])).toEqual(pages.map((p) => p.referenceNo));
  });

  it("writes values as the screens do: references by title, ৳, DD/MM/YYYY, Yes / No", async () => {
    const { res: r4, rows } = await exportOf(admin, "/api/demand-letters?q=DL-EXP-04&format=csv");
    expect(r4.statusCode, r4.body).toBe(200);
    expect(rows[1]).toEqual(["'@Riyadh Steel", "DL-EXP-04", "Saudi Arabia", "Driver", "7", "৳1,54,000", "14/05/2026", "05/03/2027", "Yes"]);
    const { rows: plain } = await exportOf(admin, "/api/demand-letters?q=DL-EXP-01&format=csv");
    expect(plain[1]).toEqual([`'=HYPERLINK("http://x.example")`, "DL-EXP-01", "Saudi Arabia", "Mason", "8", "৳1,51,000", "11/02/2026", "31/12/2026", "No"]);
  });

  it("keeps Bengali text and quotes commas and quotes; neutralises cells starting with =, +, -, @", async () => {
    const { rows } = await exportOf(admin, "/api/employers?_sort=licenceNo&_order=asc&format=csv&columns=licenceNo,name");
    expect(rows).toEqual([
      ["Licence No", "Name"],
      ["EXP-0", "আল নূর ট্রেডিং"],
      ["EXP-1", `'=HYPERLINK("http://x.example")`],
      ["EXP-2", 'Gulf, "Star" Builders'],
      ["EXP-3", "'-2+3"],
      ["EXP-4", "'@Riyadh Steel"],
    ]);
  });

  it("takes the columns asked for, in their order, the id among them", async () => {
    const { rows } = await exportOf(admin, "/api/demand-letters?q=DL-EXP-02&format=csv&columns=referenceNo,id,attested");
    expect(rows[0]).toEqual(["Reference No", "ID", "Attested"]);
    expect(rows[1][0]).toBe("DL-EXP-02");
    expect(Number(rows[1][1])).toBeGreaterThan(0);
  });

  it("answers the list as an Excel workbook: a bold header, dates as date cells, money and numbers as numbers, the rest text", async () => {
    const url = "/api/demand-letters?country=Qatar&_sort=referenceNo&_order=asc&format=xlsx";
    const res = await call(t, admin, { method: "GET", url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="demand-letters-\d{4}-\d\d-\d\d\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as never);
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe("Demand Letters");
    const header = sheet.getRow(1);
    expect((header.values as unknown[]).slice(1)).toEqual(["Employer", "Reference No", "Country", "Job Title", "Workers Requested", "Monthly Salary", "Issue Date", "Expiry Date", "Attested"]);
    expect(header.font?.bold).toBe(true);
    const csv = parse((await call(t, admin, { method: "GET", url: url.replace("xlsx", "csv") })).rawPayload, { bom: true }) as string[][];
    expect(sheet.actualRowCount).toBe(csv.length);
    expect(csv.length).toBeGreaterThan(2);
    for (let r = 2; r <= sheet.actualRowCount; r++) {
      const row = sheet.getRow(r);
      expect(row.getCell(2).value).toBe(csv[r - 1][1]);
      expect(row.getCell(5).value).toBe(Number(csv[r - 1][4]));
      expect(row.getCell(6).value).toBe(Number(csv[r - 1][5].replace(/[৳,]/g, "")));
      expect(row.getCell(6).numFmt).toBe('"৳"#,##0');
      const issued = row.getCell(7).value as Date;
      expect(issued).toBeInstanceOf(Date);
      expect(issued.toISOString().slice(0, 10)).toBe(csv[r - 1][6].split("/").reverse().join("-"));
      expect(row.getCell(7).numFmt).toBe("dd/mm/yyyy");
      expect(row.getCell(9).value).toBe(csv[r - 1][8]);
    }
  });

  it("refuses an Excel file longer than EXPORT_XLSX_MAX_ROWS with 400, offering CSV; the CSV of the same list is not capped", async () => {
    const res = await call(t, admin, { method: "GET", url: "/api/demand-letters?format=xlsx" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMessage).toBe("An Excel file holds at most 20 rows; this list has 23. Export it as CSV, or narrow it with filters.");
    const { rows } = await exportOf(admin, "/api/demand-letters?format=csv");
    expect(rows).toHaveLength(24);
  });

  it("refuses an unknown format or column with 400 and the field's message, and a role not granted export with 403", async () => {
    const format = await call(t, admin, { method: "GET", url: "/api/employers?format=pdf" });
    expect(format.statusCode).toBe(400);
    expect(format.json().errorMessage).toMatch(/format must be csv or xlsx/);
    const columns = await call(t, admin, { method: "GET", url: "/api/employers?format=csv&columns=name,salary" });
    expect(columns.statusCode).toBe(400);
    expect(columns.json().errorMessage).toMatch(/columns must name the list's columns/);
    expect((await call(t, agent, { method: "GET", url: "/api/employers?format=csv" })).statusCode).toBe(403);
    expect((await exportOf(superAdmin, "/api/employers?format=csv")).res.statusCode).toBe(200);
  });

  it.each([
    ["demand-letters", "jobTitle", "asc"],
    ["demand-letters", "jobTitle", "desc"],
    ["demand-letters", "attested", "desc"],
    ["demand-letters", "country,expiryDate", "desc,asc"],
    ["demand-letters", "expiryDate,jobTitle", "asc,desc"],
    ["demand-letters", "id", "asc"],
    ["employers", "contactPerson", "asc"],
    ["employers", "contactPerson", "desc"],
    ["employers", "contactPerson,country", "desc,asc"],
  ])("reads %s sorted by %s %s in batches that together are the list, empty values and ties included, whatever the batch's size", async (name, fields, orders) => {
    const resource = name === "employers" ? employers : demandLetters;
    const order = orders.split(",") as ("asc" | "desc")[];
    const query = { filters: [], q: undefined, sort: fields.split(",").map((field, i) => ({ field, order: order[i] })) };
    const page = await call(t, admin, { method: "GET", url: `/api/${name}?_sort=${fields}&_order=${orders}&_start=0&_end=100` });
    const expected = page.json().map((r: { id: number }) => r.id);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    for (const size of [1, 2, 4, expected.length - 1]) {
      const all: number[] = [];
      for await (const batch of listBatches(t.db, t.dialect, resource, query, { all: true }, size)) {
        expect(batch.length).toBeLessThanOrEqual(size);
        all.push(...batch.map((r) => Number(r.id)));
      }
      expect(all).toEqual(expected);
    }
  });
});
