/**
 * Issue 27 for every declared resource: records imported from a CSV or XLSX file, on both databases.
 * The template reads back; a dry run checks every row with the create form's rules and messages and
 * writes nothing; a reference is its record's title; a unique field is the duplicate key, in the file
 * and against stored records, so a second import creates nothing; the import writes each record with a
 * history entry naming the file; an export imports back as the same records; an own-only importer
 * owns what they import; roles without the grant get 403; bad files are refused as for passports.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declarationProblems } from "../../server/resources/declaration-checks";
import { employers } from "../../src/resources/employers";
import { type AnyDataResource, defineResource, field, rolesFor } from "../../src/resources/model";
import { slotNumbers } from "../../src/resources/slot-numbers";
import { createDeclaredApp, generateDeclared } from "./declared-app";
import { call, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { multipart, tinyPdf } from "./uploads";

/** Owned by the user they are assigned to, who an agent may only be; no field is unique. */
const chores = defineResource({
  name: "chores",
  label: { one: "Chore", many: "Chores" },
  title: "title",
  ownerField: "assigneeId",
  fields: {
    title: field.text("Title", { required: true }),
    assigneeId: field.reference("Assignee", "users", { required: true }),
    due: field.dateTime("Due"),
    kind: field.enum("Kind", ["PHONE_CALL", "VISIT"], { labels: { PHONE_CALL: "Phone call", VISIT: "Visit" } }),
  },
  access: { list: ["AGENT:own", "ADMIN"], show: ["AGENT:own", "ADMIN"], create: ["AGENT:own", "ADMIN"] },
});
const EXTRA: AnyDataResource[] = [chores];
const setup = generateDeclared(EXTRA);

const DL_HEADER = ["Employer", "Reference No", "Country", "Job Title", "Workers Requested", "Monthly Salary", "Issue Date", "Expiry Date", "Attested"];
type Issue = { row: number; column: string; message: string };
type Report = { total: number; created: number; duplicates: number; failed: number; errors: Issue[]; warnings: Issue[]; columns: { header: string; field: string | null; label: string | null }[] };

const csvOf = (rows: readonly (readonly unknown[])[]) => Buffer.from(stringify(rows as unknown[][], { bom: true }));

describe("the import grant", () => {
  it("is create's unless the declaration says; a legacy declaration has none, and may not declare one", () => {
    expect(rolesFor(employers, "import")).toEqual(["ADMIN"]);
    expect(rolesFor({ ...employers, access: { ...employers.access, import: ["SUPER_ADMIN"] } }, "import")).toEqual(["SUPER_ADMIN"]);
    expect(rolesFor({ ...employers, access: { ...employers.access, import: [] } }, "import")).toEqual([]);
    expect(rolesFor(slotNumbers, "import")).toEqual([]);
    expect(declarationProblems([slotNumbers])).toEqual([]);
    expect(declarationProblems([{ ...slotNumbers, access: { ...slotNumbers.access, import: ["ADMIN"] } }])).toEqual([
      'Declared resource "slots": a legacy declaration has no import; remove its access.import',
    ]);
  });
});

describe.each(DIALECTS)("declared import on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agent: TestUser;
  let otherAgent: TestUser;
  let serial = 0;

  async function send(name: string, bytes: Buffer, query = "", fileName = "rows.csv", user: TestUser = admin) {
    const form = await multipart(undefined, { file: { bytes, fileName, contentType: "text/csv" } });
    return call(t, user, { method: "POST", url: `/api/${name}/import${query}`, payload: form.payload, headers: form.headers });
  }
  const report = async (name: string, bytes: Buffer, query = "", fileName?: string, user?: TestUser): Promise<Report> => {
    const res = await send(name, bytes, query, fileName, user);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().replyMessage;
  };
  const count = async (table: string) => Number((await (t.db as any).selectFrom(table).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
  const employer = async (name: string, licenceNo = `LIC-${++serial}`) => {
    const res = await call(t, admin, { method: "POST", url: "/api/employers", payload: { name, country: "Qatar", licenceNo } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; name: string };
  };
  /** A valid demand letter row (a new reference number each time), with `change` applied. */
  const letter = (change: Record<string, string> = {}): Record<string, string> => ({
    Employer: "Import Gulf Builders",
    "Reference No": `DL-IMP-${++serial}`,
    Country: "Qatar",
    "Job Title": "Mason",
    "Workers Requested": "12",
    "Monthly Salary": "৳1,50,000",
    "Issue Date": "15/01/2026",
    "Expiry Date": "2026-07-15",
    Attested: "Yes",
    ...change,
  });
  const letterByReference = async (referenceNo: string) =>
    ((await call(t, admin, { method: "GET", url: `/api/demand-letters?q=${referenceNo}&_start=0&_end=100` })).json() as (Record<string, unknown> & { id: number })[]).find((r) => r.referenceNo === referenceNo)!;
  const lettersCsv = (rows: readonly Record<string, string>[], header = DL_HEADER) => csvOf([header, ...rows.map((r) => header.map((h) => r[h] ?? ""))]);

  beforeAll(async () => {
    t = await createDeclaredApp(dialect, await setup, { limits: { importMaxRows: 12_000, importMaxBytes: 4 * 1024 * 1024 } });
    admin = await createUser(t, "dimport.admin", ["ADMIN"]);
    superAdmin = await createUser(t, "dimport.super", ["SUPER_ADMIN"]);
    agent = await createUser(t, "dimport.agent", ["AGENT"]);
    otherAgent = await createUser(t, "dimport.other", ["AGENT"]);
    await employer("Import Gulf Builders");
    await employer("Twin Trading");
    await employer("twin trading");
  });
  afterAll(() => t.close());

  describe("the template", () => {
    it("is a CSV of the fields' labels (no file field), an example row and a Notes column, which a dry run reads back as one valid row", async () => {
      const res = await call(t, admin, { method: "GET", url: "/api/demand-letters/import-template" });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="demand-letters-import-template\.csv"/);
      const [header, example, ...more] = parse(res.rawPayload, { bom: true }) as string[][];
      expect(header).toEqual([...DL_HEADER, "Notes"]);
      expect(more).toEqual([]);
      expect(example[0]).toBe("Import Gulf Builders");
      expect(example[header.indexOf("Attested")]).toBe("Yes");
      expect(example[header.indexOf("Issue Date")]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(example.at(-1)).toContain("Attested: Yes, No.");
      expect(example.at(-1)).toContain("Employer: the name of one of these: Import Gulf Builders, Twin Trading, twin trading");
      expect(example.at(-1)).toContain("A row whose Reference No is stored already, or on an earlier row, is a duplicate and left out.");

      const before = await count("demand_letters");
      const dry = await report("demand-letters", res.rawPayload);
      expect(dry).toMatchObject({ total: 1, created: 1, duplicates: 0, failed: 0, errors: [] });
      expect(dry.columns.at(-1)).toEqual({ header: "Notes", field: null, label: null });
      expect(await count("demand_letters")).toBe(before);
    });

    it("is an XLSX with date cells and a sheet of allowed values, which a dry run reads back; a declaration without a unique field says it has no duplicates", async () => {
      const res = await call(t, admin, { method: "GET", url: "/api/chores/import-template?format=xlsx" });
      expect(res.statusCode, res.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const [sheet, allowed] = workbook.worksheets;
      expect(sheet.name).toBe("Chores");
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(["Title", "Assignee", "Due", "Kind"]);
      expect(allowed.getColumn(1).values).toContain("dimport.agent");
      expect((allowed.getColumn(2).values as unknown[]).slice(1)).toEqual(["Kind", "Phone call", "Visit"]);
      expect(allowed.getColumn(1).values.join("\n")).toContain("Nothing marks a row as a duplicate");
      expect(await report("chores", res.rawPayload, "", "template.xlsx")).toMatchObject({ total: 1, created: 1, failed: 0 });
    });
  });

  describe("a dry run", () => {
    it("checks each row with the create form's rules and messages, and writes nothing", async () => {
      const rows = [
        letter(),
        letter({ "Reference No": "" }),
        letter({ "Workers Requested": "0" }),
        letter({ "Monthly Salary": "lots" }),
        letter({ "Issue Date": "31/02/2026" }),
        letter({ "Issue Date": "2026-08-01" }),
        letter({ Attested: "Maybe" }),
        letter({ Employer: "Nobody Ltd" }),
        letter({ Employer: "TWIN TRADING" }),
      ];
      const before = await count("demand_letters");
      const dry = await report("demand-letters", lettersCsv(rows));
      expect(dry).toMatchObject({ total: 9, created: 1, duplicates: 0, failed: 8 });
      expect(dry.errors).toEqual([
        { row: 3, column: "Reference No", message: "Reference No is required" },
        { row: 4, column: "Workers Requested", message: "Workers Requested must be at least 1" },
        { row: 5, column: "Monthly Salary", message: "Monthly Salary must be a whole number" },
        { row: 6, column: "Issue Date", message: "Issue Date must be a valid date (YYYY-MM-DD)" },
        { row: 7, column: "Expiry Date", message: "Expiry Date must be after the Issue Date" },
        { row: 8, column: "Attested", message: "Attested must be true or false" },
        { row: 9, column: "Employer", message: 'No employer is named "Nobody Ltd"' },
        { row: 10, column: "Employer", message: '2 employer records are named "TWIN TRADING": a reference must name one' },
      ]);
      expect(await count("demand_letters")).toBe(before);

      // The API's create answers the same messages for the same values.
      const api = await call(t, admin, { method: "POST", url: "/api/demand-letters", payload: { employerId: 1, referenceNo: "X-1", country: "Qatar", jobTitle: "Mason", workersRequested: 0, monthlySalary: "lots", issueDate: "2026-02-31", expiryDate: "2026-07-15" } });
      expect(api.json().errors).toMatchObject({ workersRequested: "Workers Requested must be at least 1", monthlySalary: "Monthly Salary must be a whole number", issueDate: "Issue Date must be a valid date (YYYY-MM-DD)" });
    });

    it("names a missing required column, and refuses a file with no column of the resource", async () => {
      const dry = await report("demand-letters", lettersCsv([letter()], DL_HEADER.filter((h) => h !== "Job Title")));
      expect(dry.errors).toEqual([
        { row: 1, column: "Job Title", message: 'No column for Job Title: add one headed "Job Title"' },
        { row: 2, column: "Job Title", message: "Job Title is required" },
      ]);
      const none = await send("demand-letters", csvOf([["Colour", "Size"], ["Red", "L"]]));
      expect(none.statusCode).toBe(400);
      expect(none.json().errorMessage).toMatch(/^No column of the file is a field of Demand Letters: row 1 must hold headers such as Employer, Reference No/);
    });

    it("matches headers by field name or label whatever their case and spacing, and reads what people type and XLSX cells hold", async () => {
      const header = ["employerId", "REFERENCE  NO", "country", "job title", "workersRequested", "Monthly Salary", "issue_date", "Expiry Date", "attested"];
      const csv = csvOf([header, ["import gulf builders", `DL-IMP-${++serial}`, "Qatar", "Mason", "1,200", "150000 BDT", "5/1/2026", "05/06/2026", "no"]]);
      const dry = await report("demand-letters", csv);
      expect(dry).toMatchObject({ created: 1, failed: 0, errors: [] });
      expect(dry.columns.map((c) => c.field)).toEqual(["employerId", "referenceNo", "country", "jobTitle", "workersRequested", "monthlySalary", "issueDate", "expiryDate", "attested"]);

      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Letters");
      sheet.addRow(DL_HEADER);
      sheet.addRow(["Import Gulf Builders", `DL-IMP-${++serial}`, "Qatar", "Driver", 3, 95000, new Date("2026-01-05T00:00:00Z"), new Date("2026-09-05T00:00:00Z"), true]);
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const written = await report("demand-letters", bytes, "?dryRun=false", "letters.xlsx");
      expect(written).toMatchObject({ created: 1, failed: 0 });
      expect(await letterByReference(`DL-IMP-${serial}`)).toMatchObject({ jobTitle: "Driver", workersRequested: 3, monthlySalary: 95000, issueDate: "2026-01-05", expiryDate: "2026-09-05", attested: true });
    });
  });

  describe("the import", () => {
    it("writes the new rows, each with a history entry naming the file; duplicates in the file and stored are left out; a second import creates nothing", async () => {
      const stored = letter();
      expect((await report("demand-letters", lettersCsv([stored]), "?dryRun=false")).created).toBe(1);
      const twice = letter();
      const rows = [letter(), twice, { ...twice, "Reference No": twice["Reference No"].toLowerCase() }, { ...stored }, letter({ Country: "" })];
      const before = await count("demand_letters");
      const result = await report("demand-letters", lettersCsv(rows), "?dryRun=false", "march letters.csv");
      expect(result).toMatchObject({ total: 5, created: 2, duplicates: 2, failed: 1 });
      expect(result.warnings).toEqual([
        { row: 4, column: "Reference No", message: `The same Reference No as row 3: left out` },
        { row: 5, column: "Reference No", message: `Reference No ${stored["Reference No"]} is already in use: left out` },
      ]);
      expect(await count("demand_letters")).toBe(before + 2);

      const record = await letterByReference(twice["Reference No"]);
      expect(record).toMatchObject({ country: "Qatar", workersRequested: 12, monthlySalary: 150000, issueDate: "2026-01-15", attested: true, letter: null });
      const history = (await call(t, admin, { method: "GET", url: `/api/demand-letters/${record.id}/history` })).json();
      expect(history).toEqual([
        expect.objectContaining({ action: "created", importedFrom: "march letters.csv", user: { id: admin.id, username: "dimport.admin" } }),
      ]);
      expect(history[0].changes).toContainEqual({ field: "referenceNo", label: "Reference No", from: null, to: twice["Reference No"] });

      const again = await report("demand-letters", lettersCsv(rows), "?dryRun=false", "march letters.csv");
      expect(again).toMatchObject({ total: 5, created: 0, duplicates: 4, failed: 1 });
      expect(await count("demand_letters")).toBe(before + 2);
    });

    it("imports a declaration without a unique field again each time, as its docs say", async () => {
      const csv = csvOf([["Title", "Assignee"], ["Call the embassy", "dimport.agent"]]);
      const first = await report("chores", csv, "?dryRun=false");
      const second = await report("chores", csv, "?dryRun=false");
      expect([first.created, second.created, second.duplicates]).toEqual([1, 1, 0]);
    });

    it("makes an own-only importer the owner, refuses rows naming someone else, and reads labels of enums and Dhaka times", async () => {
      const csv = csvOf([
        ["Title", "Assignee", "Due", "Kind"],
        ["Visit the clinic", "", "05/03/2026 14:30", "visit"],
        ["Someone else's", "dimport.other", "", ""],
        ["Mine by name", "DIMPORT.AGENT", "2026-03-06T08:00:00Z", "Phone call"],
        ["Nobody's", "no.such.user", "", "Fax"],
      ]);
      const result = await report("chores", csv, "?dryRun=false", "chores.csv", agent);
      expect(result).toMatchObject({ total: 4, created: 2, failed: 2 });
      expect(result.errors).toEqual([
        { row: 3, column: "Assignee", message: "You may only give chores to yourself" },
        { row: 5, column: "Assignee", message: 'No user is named "no.such.user"' },
        { row: 5, column: "Kind", message: "Kind must be one of PHONE_CALL, VISIT" },
      ]);
      const mine = (await call(t, agent, { method: "GET", url: "/api/chores?_start=0&_end=100&_sort=id&_order=desc" })).json();
      expect(mine.slice(0, 2)).toEqual([
        expect.objectContaining({ title: "Mine by name", assigneeId: agent.id, due: "2026-03-06T08:00:00.000Z", kind: "PHONE_CALL" }),
        expect.objectContaining({ title: "Visit the clinic", assigneeId: agent.id, due: "2026-03-05T08:30:00.000Z", kind: "VISIT" }),
      ]);
      // An admin, who may create anyone's, gives chores to whom the file names.
      expect(await report("chores", csvOf([["Title", "Assignee"], ["For the other", "dimport.other"]]), "", "c.csv", admin)).toMatchObject({ created: 1, failed: 0 });
    });

    it("is refused (403) to roles the declaration does not grant import, as both routes", async () => {
      const csv = lettersCsv([letter()]);
      for (const user of [superAdmin, agent]) {
        expect((await send("demand-letters", csv, "", "x.csv", user)).statusCode).toBe(403);
        expect((await call(t, user, { method: "GET", url: "/api/employers/import-template" })).statusCode).toBe(403);
      }
      const form = await multipart(undefined, { file: { bytes: csv, fileName: "x.csv", contentType: "text/csv" } });
      expect((await call(t, undefined, { method: "POST", url: "/api/demand-letters/import", payload: form.payload, headers: form.headers })).statusCode).toBe(401);
      expect(t.app.routeTable.find((r) => r.method === "POST" && r.url === "/api/slots/import")).toBeUndefined();
    });

    it("refuses bad files as the passport import does, writing nothing", async () => {
      const before = await count("demand_letters");
      const pdf = await send("demand-letters", tinyPdf(), "", "letters.pdf");
      expect(pdf.statusCode).toBe(415);
      const empty = await send("demand-letters", csvOf([DL_HEADER]));
      expect([empty.statusCode, empty.json().errorMessage]).toEqual([400, "The file has no data rows: row 1 is the header, and the rows to import start on row 2"]);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Letters");
      sheet.addRow(DL_HEADER);
      sheet.addRow(["Import Gulf Builders", "DL-F-1", "Qatar", "Mason", { formula: "2*3", result: 6 }, 1, "01/01/2026", "01/02/2026", "No"]);
      const formula = await send("demand-letters", Buffer.from(await workbook.xlsx.writeBuffer()), "?dryRun=false", "f.xlsx");
      expect([formula.statusCode, formula.json().errorMessage]).toEqual([400, expect.stringMatching(/^Cell E2 of the sheet "Letters" holds a formula/)]);
      const big = await send("demand-letters", Buffer.alloc(5 * 1024 * 1024, "a"), "?dryRun=false");
      expect(big.statusCode).toBe(413);
      const both = await send("demand-letters", lettersCsv([letter()]), "?dryRun=false&failedRows=csv");
      expect(both.statusCode).toBe(400);
      expect(await count("demand_letters")).toBe(before);
    });

    it("answers the failed rows as a file with an Errors column", async () => {
      const res = await send("demand-letters", lettersCsv([letter(), letter({ "Workers Requested": "-3" })]), "?failedRows=csv", "june.csv");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-disposition"]).toMatch(/filename="june-failed-rows\.csv"/);
      const [header, row, ...more] = parse(res.rawPayload, { bom: true }) as string[][];
      expect(header).toEqual([...DL_HEADER, "Errors"]);
      expect(row.at(-1)).toBe("Workers Requested: Workers Requested must be at least 1");
      expect(more).toEqual([]);
    });
  });

  describe("an export imported back", () => {
    it("gives the same employers (CSV)", async () => {
      const values = [
        { name: "Round Trip Alpha", country: "Saudi Arabia", licenceNo: "RT-1", contactPerson: "Mr Karim", phone: "01712345678", email: "alpha@example.com", address: "Riyadh,\nKSA" },
        { name: "=Round Trip Beta", country: "Qatar", licenceNo: "RT-2", contactPerson: null, phone: "+966501234567", email: null, address: null },
      ];
      for (const v of values) expect((await call(t, admin, { method: "POST", url: "/api/employers", payload: v })).statusCode).toBe(201);
      const strip = (records: Record<string, unknown>[]) => records.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest);
      const before = strip((await call(t, admin, { method: "GET", url: "/api/employers?q=round%20trip&_sort=licenceNo" })).json());
      const file = await call(t, admin, { method: "GET", url: "/api/employers?q=round%20trip&format=csv" });
      for (const id of (await call(t, admin, { method: "GET", url: "/api/employers?q=round%20trip" })).json().map((r: { id: number }) => r.id)) {
        expect((await call(t, admin, { method: "DELETE", url: `/api/employers/${id}` })).statusCode).toBe(200);
      }
      const result = await report("employers", file.rawPayload, "?dryRun=false", "employers.csv");
      expect(result).toMatchObject({ total: 2, created: 2, failed: 0 });
      expect(strip((await call(t, admin, { method: "GET", url: "/api/employers?q=round%20trip&_sort=licenceNo" })).json())).toEqual(before);
    });

    it("gives the same demand letters (XLSX: date cells, ৳ numbers, Yes / No, the employer by name)", async () => {
      const query = "q=dl-imp&_sort=referenceNo&_start=0&_end=100";
      const strip = (records: Record<string, unknown>[]) => records.map(({ id: _id, createdAt: _c, updatedAt: _u, ...rest }) => rest);
      const before = strip((await call(t, admin, { method: "GET", url: `/api/demand-letters?${query}` })).json());
      expect(before.length).toBeGreaterThan(3);
      const file = await call(t, admin, { method: "GET", url: `/api/demand-letters?${query}&format=xlsx` });
      await (t.db as any).deleteFrom("demand_letters").where("reference_no", "like", "DL-IMP-%").execute();
      const result = await report("demand-letters", file.rawPayload, "?dryRun=false", "letters.xlsx");
      expect(result).toMatchObject({ total: before.length, created: before.length, failed: 0 });
      expect(strip((await call(t, admin, { method: "GET", url: `/api/demand-letters?${query}` })).json())).toEqual(before);
    });
  });

  it.runIf(dialect === "sqlite")("checks and writes 10,000 rows within 10 s", { timeout: 60_000 }, async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`Bulk Employer ${i}`, i % 2 ? "Qatar" : "Oman", `BULK-${i}`, "", `017${String(10_000_000 + i).slice(-8)}`, "", ""]);
    const csv = csvOf([["Name", "Country", "Licence No", "Contact Person", "Phone", "Email", "Address"], ...rows]);
    const started = performance.now();
    const dry = await report("employers", csv);
    const written = await report("employers", csv, "?dryRun=false", "bulk.csv");
    const seconds = (performance.now() - started) / 1000;
    expect([dry.created, written.created, written.failed]).toEqual([10_000, 10_000, 0]);
    expect(seconds).toBeLessThan(10);
    expect(await count("record_history")).toBeGreaterThanOrEqual(10_000);
  });
});
