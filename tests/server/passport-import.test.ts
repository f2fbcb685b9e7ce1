/**
 * Issue 27: passports imported from a CSV or XLSX file, on both databases. The template reads back; a
 * dry run checks every row with the Add Passport rules and messages (spec §5) and the domain checks
 * and writes nothing; the import writes the new rows PENDING with an IMPORT event, and a second import
 * of the file writes nothing; bad files are refused with a message and nothing written; a batch the
 * database refuses leaves none of its rows; a passport list's export shape reads back as the same
 * passports; the failed rows come back as a file to fix and upload again.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG, PATHS, fillPath } from "../../src/contract";
import { PASSPORT_COLUMN_TITLES } from "../../src/format/passport-cells";
import { BATCH_ROWS } from "../../server/passports/import/commit";
import { NID_LENGTH_MESSAGE, UNUSUAL_PASSPORT_NO } from "../../server/passports/import/domain-checks";
import { createSlot } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { multipart, tinyPdf, tinyPng } from "./uploads";

const HEADER = [
  "Full Name", "Passport No", "Father's Name", "Mother's Name", "Schooling", "Marital Status", "Phone", "Agent Name",
  "Contract Amount (BDT)", "Passport Issue Date", "Passport Expire Date", "Date of Birth", "Visa Type", "Slot",
];
type Row = Record<string, string>;

const csvOf = (rows: readonly (readonly string[])[], bom = true) => Buffer.from(stringify(rows as string[][], { bom }));

async function xlsxOf(build: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet("Passports"));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(DIALECTS)("passport import on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agent: TestUser;
  let serial = 0;

  /** A valid row (a new passport number each time), with `change` applied. */
  const row = (change: Row = {}): Row => ({
    "Full Name": "Mohammad Rahim Uddin",
    "Passport No": `EB${String(1_000_000 + ++serial).padStart(7, "0")}`,
    "Father's Name": "Abdul Karim",
    "Mother's Name": "Rahima Begum",
    Schooling: "SSC",
    "Marital Status": "Single",
    Phone: "01712345678",
    "Agent Name": "import.agent",
    "Contract Amount (BDT)": "400000",
    "Passport Issue Date": "2022-01-15",
    "Passport Expire Date": "2032-01-14",
    "Date of Birth": "1995-05-05",
    "Visa Type": "WORKVISA",
    Slot: "IMPORT-SLOT",
    ...change,
  });
  const csvRows = (rows: readonly Row[], header = HEADER) => csvOf([header, ...rows.map((r) => header.map((h) => r[h] ?? ""))]);

  async function send(bytes: Buffer, query = "", fileName = "passports.csv", user: TestUser = admin) {
    const form = await multipart(undefined, { file: { bytes, fileName, contentType: "text/csv" } });
    return call(t, user, { method: "POST", url: `${PATHS.passportImport}${query}`, payload: form.payload, headers: form.headers });
  }
  const report = async (bytes: Buffer, query = "", fileName?: string) => {
    const res = await send(bytes, query, fileName);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().replyMessage as {
      total: number; created: number; duplicates: number; failed: number;
      errors: { row: number; column: string; message: string }[]; warnings: { row: number; column: string; message: string }[];
      columns: { header: string; field: string | null; label: string | null }[];
    };
  };
  const passportCount = async () => Number((await t.db.selectFrom("passports").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow()).n);
  const storedByNumber = (passportNo: string) => t.db.selectFrom("passports").selectAll().where("passport_no", "=", passportNo).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(dialect, { limits: { importMaxRows: 1_200, importMaxBytes: 512 * 1024 } });
    admin = await createUser(t, "import.admin", ["ADMIN"]);
    superAdmin = await createUser(t, "import.super", ["SUPER_ADMIN"]);
    agent = await createUser(t, "import.agent", ["AGENT"]);
    await createSlot(t, "IMPORT-SLOT");
  });
  afterAll(() => t.close());

  describe("the template", () => {
    it("is a CSV of the Add Passport fields, an example row and a Notes column, which a dry run reads back as one valid row", async () => {
      const res = await call(t, admin, { method: "GET", url: PATHS.passportImportTemplate });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="passport-import-template\.csv"/);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [header, example, ...more] = parse(res.rawPayload, { bom: true }) as string[][];
      expect(header).toEqual([...HEADER, "Notes"]);
      expect(more).toEqual([]);
      expect(example[header.indexOf("Agent Name")]).toBe("import.agent");
      expect(example[header.indexOf("Slot")]).toBe("IMPORT-SLOT");
      expect(example[header.indexOf("Date of Birth")]).toBe("05/05/1995");
      expect(example.at(-1)).toContain("Marital Status: Single, Married, Divorced, Widowed");
      expect(example.at(-1)).toContain("Visa Type: WORKVISA, VISITVISA, STUDENTVISA");

      const before = await passportCount();
      const dry = await report(res.rawPayload);
      expect(dry).toMatchObject({ total: 1, created: 1, duplicates: 0, failed: 0, errors: [] });
      expect(dry.columns).toEqual([
        ...HEADER.map((h) => expect.objectContaining({ header: h, label: h })),
        { header: "Notes", field: null, label: null },
      ]);
      expect(await passportCount()).toBe(before);
    });

    it("is an XLSX with dates as date cells and a sheet of allowed values, which a dry run reads back", async () => {
      const res = await call(t, superAdmin, { method: "GET", url: `${PATHS.passportImportTemplate}?format=xlsx` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const [sheet, allowed] = workbook.worksheets;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
      expect(sheet.getCell("L2").value).toEqual(new Date("1995-05-05T00:00:00Z"));
      expect(allowed.name).toBe("Allowed values");
      expect((allowed.getColumn(1).values as unknown[]).slice(1, 6)).toEqual(["Marital Status", "Single", "Married", "Divorced", "Widowed"]);
      expect(allowed.getColumn(3).values).toContain("import.agent");
      const dry = await report(res.rawPayload, "", "template.xlsx");
      expect(dry).toMatchObject({ total: 1, created: 1, failed: 0, errors: [] });
    });

    it("is for admins and super admins only", async () => {
      expect((await call(t, agent, { method: "GET", url: PATHS.passportImportTemplate })).statusCode).toBe(403);
      expect((await call(t, undefined, { method: "GET", url: PATHS.passportImportTemplate })).statusCode).toBe(401);
      expect((await send(csvRows([row()]), "", "x.csv", agent)).statusCode).toBe(403);
      const bad = await call(t, admin, { method: "GET", url: `${PATHS.passportImportTemplate}?format=pdf` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ format: "format must be csv or xlsx" });
    });
  });

  describe("a dry run", () => {
    it("counts the rows it would create, the duplicates and the failed rows, and writes nothing", async () => {
      const stored = row();
      await report(csvRows([stored]), "?dryRun=false");
      const repeated = row();
      const rows = [row(), repeated, { ...repeated, "Full Name": "Another Name" }, stored, row({ Phone: "123" }), row()];
      const before = await passportCount();
      const dry = await report(csvRows(rows)); // dryRun defaults to true
      expect(dry).toMatchObject({ total: 6, created: 3, duplicates: 2, failed: 1 });
      expect(dry.errors).toEqual([{ row: 6, column: "Phone", message: MSG.telephone }]);
      expect(dry.warnings).toEqual([
        { row: 4, column: "Passport No", message: "The same passport number as row 3: left out" },
        { row: 5, column: "Passport No", message: `${MSG.passportNoTaken}: left out` },
      ]);
      expect(await passportCount()).toBe(before);
      expect((await send(csvRows(rows), "?dryRun=true")).json().replyMessage.created).toBe(3);
      expect(await passportCount()).toBe(before);
    });

    it.each([
      ["Full Name", "Al", MSG.fullName],
      ["Passport No", "", MSG.passportNo],
      ["Father's Name", "Ab", MSG.fathersName],
      ["Mother's Name", "", MSG.mothersName],
      ["Schooling", "", MSG.schooling],
      ["Marital Status", "", MSG.required],
      ["Marital Status", "Complicated", "Must be one of Single, Married, Divorced, Widowed"],
      ["Phone", "017", MSG.telephone],
      ["Phone", "01212345678", MSG.telephone],
      ["Phone", "+44 7700 900123", MSG.telephone],
      ["Agent Name", "", MSG.agentId],
      ["Agent Name", "ghost", 'No agent has the username "ghost"'],
      ["Agent Name", "import.admin", 'No agent has the username "import.admin"'],
      ["Contract Amount (BDT)", "", MSG.contractAmount],
      ["Contract Amount (BDT)", "0", MSG.contractAmount],
      ["Contract Amount (BDT)", "lots", MSG.contractAmount],
      ["Contract Amount (BDT)", "3000000000", MSG.contractAmountTooLarge],
      ["Passport Issue Date", "31/02/2022", MSG.passportIssueDate],
      ["Passport Issue Date", "", MSG.passportIssueDate],
      ["Passport Expire Date", "someday", MSG.passportExpireDate],
      ["Passport Expire Date", "01/01/2021", MSG.passportExpiryAfterIssue],
      ["Date of Birth", "", MSG.dobRequired],
      ["Date of Birth", "2020-01-01", MSG.dobAge],
      ["Visa Type", "", MSG.required],
      ["Visa Type", "TOURIST", "Must be one of WORKVISA, VISITVISA, STUDENTVISA"],
      ["Slot", "", MSG.slot],
      ["Slot", "NO-SUCH-SLOT", 'No slot is named "NO-SUCH-SLOT"'],
      ["NID", "12345", NID_LENGTH_MESSAGE],
      ["NID", "19901234567890123", "A 17-digit NID starts with the birth year: 1990 is not the year of the Date of Birth (1995)"],
    ])("refuses %s %j with %j, naming the row and the column", async (column, value, message) => {
      const header = column === "NID" ? [...HEADER, "NID"] : HEADER;
      const dry = await report(csvRows([row(), row({ [column]: value })], header));
      expect(dry).toMatchObject({ total: 2, created: 1, failed: 1 });
      expect(dry.errors).toEqual([{ row: 3, column, message }]);
    });

    it("accepts +880 and 880 phones, DD/MM/YYYY, ৳ amounts, values in any case, NIDs of 10, 13 and 17 digits", async () => {
      const rows = [
        row({ Phone: "+8801712345678", "Passport Issue Date": "15/01/2022", "Contract Amount (BDT)": "৳4,00,000", "Visa Type": "work visa", "Marital Status": "married", NID: "1234567890" }),
        row({ Phone: "880 1812-345678", "Date of Birth": "5/5/1995", "Agent Name": "IMPORT.AGENT", Slot: "import-slot", NID: "1995123456789" }),
        row({ Phone: "1912345678", NID: "19951234567890123" }),
      ];
      const header = [...HEADER, "NID"];
      const result = await report(csvRows(rows, header), "?dryRun=false");
      expect(result).toMatchObject({ total: 3, created: 3, failed: 0, errors: [], warnings: [] });
      const first = await storedByNumber(rows[0]["Passport No"]);
      expect(first).toMatchObject({ telephone: "01712345678", passport_issue_date: "2022-01-15", contract_amount: 400000, visa_type: "WORKVISA", marital_status: "Married" });
      expect(await storedByNumber(rows[1]["Passport No"])).toMatchObject({ telephone: "01812345678", dob: "1995-05-05", agent_name: "import.agent" });
      expect(await storedByNumber(rows[2]["Passport No"])).toMatchObject({ telephone: "01912345678" });
    });

    it("warns of an unusual passport number without refusing it; two letters and seven digits or one letter and eight pass quietly", async () => {
      const rows = [row({ "Passport No": "AB1234999" }), row({ "Passport No": "X12349999" }), row({ "Passport No": "12-PQ" })];
      const dry = await report(csvRows(rows));
      expect(dry).toMatchObject({ created: 3, failed: 0 });
      expect(dry.warnings).toEqual([{ row: 4, column: "Passport No", message: UNUSUAL_PASSPORT_NO }]);
    });

    it("matches headers whatever their case and spacing, by the forms' labels too, and shows the columns it does not use", async () => {
      const header = ["FULL NAME", "passport_number", "fathers name", "Mother's name", "schooling", "marital status", "Telephone", "agent", "contract amount", "Passport Issue Date", "Passport Expiry Date", "DOB", "visa type", "Slot Number", "Remarks", ""];
      const values = row();
      const cells = [...HEADER.map((h) => values[h]), "call first", "x"];
      const dry = await report(csvOf([header, cells]));
      expect(dry).toMatchObject({ total: 1, created: 1, failed: 0 });
      expect(dry.columns.map((c) => c.field)).toEqual([
        "fullName", "passportNo", "fathersName", "mothersName", "schooling", "maritalStatus", "telephone", "agentName",
        "contractAmount", "passportIssueDate", "passportExpireDate", "dob", "visaType", "slot", null, null,
      ]);
      expect(dry.columns.slice(-2)).toEqual([{ header: "Remarks", field: null, label: null }, { header: "Column P", field: null, label: null }]);
    });

    it("says which column is missing, on row 1 and on each row, by the field's label", async () => {
      const header = HEADER.filter((h) => h !== "Schooling");
      const dry = await report(csvRows([row(), row()], header));
      expect(dry).toMatchObject({ total: 2, created: 0, failed: 2 });
      expect(dry.errors).toEqual([
        { row: 1, column: "Schooling", message: 'No column for Schooling: add one headed "Schooling"' },
        { row: 2, column: "Schooling", message: MSG.schooling },
        { row: 3, column: "Schooling", message: MSG.schooling },
      ]);
    });

    it("reads a CSV separated by semicolons, and Excel's Unicode Text (UTF-16, tab-separated)", async () => {
      const a = row({ "Full Name": "মোহাম্মদ রহিম" });
      const semicolons = Buffer.from(stringify([HEADER, HEADER.map((h) => a[h])], { delimiter: ";" }));
      expect(await report(semicolons)).toMatchObject({ total: 1, created: 1, failed: 0, warnings: [] });
      const tabs = stringify([HEADER, HEADER.map((h) => a[h])], { delimiter: "\t" });
      const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabs, "utf16le")]);
      const failed = await send(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(tabs.replace("01712345678", "017"), "utf16le")]), "?failedRows=csv");
      expect(failed.statusCode, failed.body).toBe(200);
      expect((parse(failed.rawPayload, { bom: true }) as string[][])[1][0]).toBe("মোহাম্মদ রহিম");
      expect(await report(utf16, "", "passports.txt")).toMatchObject({ total: 1, created: 1, failed: 0 });
    });

    it("numbers rows as the file does, blank rows and a cell over two lines included", async () => {
      const a = row();
      const text = Buffer.from(stringify([HEADER, HEADER.map((h) => a[h]), [], HEADER.map((h) => row({ "Full Name": "Two\nLines", Phone: "1" })[h]), HEADER.map((h) => row({ Phone: "2" })[h])]));
      const dry = await report(text);
      expect(dry.total).toBe(3);
      expect(dry.errors.map((e) => e.row)).toEqual([4, 5]);
    });
  });

  describe("the import", () => {
    it("writes each new row PENDING, by the importing user, with an event naming the file; the same file again creates nothing", async () => {
      const rows = [row({ "Full Name": "Imported One" }), row({ "Full Name": "Imported Two" })];
      const file = csvRows(rows);
      const res = await send(file, "?dryRun=false", "march intake.csv");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: "2 passports imported", replyMessage: { total: 2, created: 2, duplicates: 0, failed: 0 } });
      const stored = await storedByNumber(rows[0]["Passport No"]);
      expect(stored).toMatchObject({ full_name: "Imported One", status: "PENDING", admin_id: admin.id, agent_id: agent.id, agent_name: "import.agent" });
      const events = await call(t, admin, { method: "GET", url: fillPath(PATHS.passportEvents, { id: stored!.id }) });
      expect(events.json().replyMessage).toEqual([
        expect.objectContaining({ kind: "IMPORT", field: null, oldValue: null, newValue: "march intake.csv", username: "import.admin" }),
      ]);
      const listed = await call(t, admin, { method: "GET", url: `${PATHS.pendingPassports}?page=0&size=100&fullName=Imported` });
      expect(listed.json().replyMessage.content.map((p: { fullName: string }) => p.fullName).sort()).toEqual(["Imported One", "Imported Two"]);

      const before = await passportCount();
      const again = await report(file, "?dryRun=false");
      expect(again).toMatchObject({ total: 2, created: 0, duplicates: 2, failed: 0 });
      expect(await passportCount()).toBe(before);
    });

    it("counts a number held only by a REJECTED passport as free", async () => {
      const first = row();
      await report(csvRows([first]), "?dryRun=false");
      await t.db.updateTable("passports").set({ status: "REJECTED" }).where("passport_no", "=", first["Passport No"]).execute();
      expect(await report(csvRows([first]), "?dryRun=false")).toMatchObject({ created: 1, duplicates: 0 });
    });

    it("reads an XLSX: date cells, number cells, text; row numbers as the sheet shows them", async () => {
      const a = row({ "Full Name": "Excel Worker" });
      const bytes = await xlsxOf((sheet) => {
        sheet.addRow(HEADER);
        sheet.addRow(HEADER.map((h) => (h.includes("Date") ? new Date(`${a[h]}T00:00:00Z`) : h === "Contract Amount (BDT)" ? 400000 : h === "Phone" ? 1712345678 : a[h])));
        sheet.addRow([]);
        sheet.addRow(HEADER.map((h) => row({ Phone: "12" })[h]));
      });
      const result = await report(bytes, "?dryRun=false", "workers.xlsx");
      expect(result).toMatchObject({ total: 2, created: 1, failed: 1 });
      expect(result.errors).toEqual([{ row: 4, column: "Phone", message: MSG.telephone }]);
      expect(await storedByNumber(a["Passport No"])).toMatchObject({ full_name: "Excel Worker", dob: "1995-05-05", telephone: "01712345678", contract_amount: 400000 });
    });

    it("answers 400 to failedRows with dryRun=false, writing nothing", async () => {
      const before = await passportCount();
      const res = await send(csvRows([row()]), "?dryRun=false&failedRows=csv");
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.failedRows).toMatch(/dry run/);
      expect(await passportCount()).toBe(before);
    });
  });

  describe("the failed-rows file", () => {
    it("holds the failed rows as read, with an Errors column, as CSV; fixed, it imports", async () => {
      const bad = row({ Phone: "+8801712", "Full Name": "=cmd|' /C calc'!A0" });
      const badTwice = row({ Schooling: "", "Visa Type": "TOURIST" });
      const file = csvRows([row(), bad, badTwice], [...HEADER, "Remarks"]);
      const res = await send(file, "?failedRows=csv", "intake.csv");
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="intake-failed-rows\.csv"/);
      const [header, ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
      expect(header).toEqual([...HEADER, "Remarks", "Errors"]);
      expect(rows.map((r) => r.at(-1))).toEqual([`Phone: ${MSG.telephone}`, `Schooling: ${MSG.schooling}\nVisa Type: Must be one of WORKVISA, VISITVISA, STUDENTVISA`]);
      expect(rows[0][0]).toBe("'=cmd|' /C calc'!A0"); // neutralised for a spreadsheet
      expect(rows[0][HEADER.indexOf("Phone")]).toBe("'+8801712");

      const stillFailing = await send(csvOf([header, ...rows]), "?failedRows=csv");
      const [headerAgain, ...rowsAgain] = parse(stillFailing.rawPayload, { bom: true }) as string[][];
      expect(headerAgain).toEqual(header); // one Errors column, the new one
      expect(rowsAgain.map((r) => r.at(-1))).toEqual(rows.map((r) => r.at(-1)));

      rows[0][HEADER.indexOf("Phone")] = "+8801712345678";
      rows[1][HEADER.indexOf("Schooling")] = "HSC";
      rows[1][HEADER.indexOf("Visa Type")] = "VISITVISA";
      const fixed = await report(csvOf([header, ...rows]), "?dryRun=false");
      expect(fixed).toMatchObject({ total: 2, created: 2, failed: 0 });
      expect(fixed.columns.slice(-2).map((c) => c.field)).toEqual([null, null]);
      expect(await storedByNumber(bad["Passport No"])).toMatchObject({ full_name: "=cmd|' /C calc'!A0", telephone: "01712345678" });
    });

    it("comes as XLSX too, with only the header when no row failed", async () => {
      const res = await send(csvRows([row({ "Date of Birth": "" }), row()]), "?failedRows=xlsx", "intake.xlsx");
      expect(res.statusCode, res.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0];
      expect(sheet.actualRowCount).toBe(2);
      expect(sheet.getRow(2).getCell(HEADER.length + 1).value).toBe(`Date of Birth: ${MSG.dobRequired}`);
      const none = await send(csvRows([row()]), "?failedRows=xlsx");
      const empty = new ExcelJS.Workbook();
      await empty.xlsx.load(none.rawPayload as unknown as ExcelJS.Buffer);
      expect(empty.worksheets[0].actualRowCount).toBe(1);
    });
  });

  describe("bad files, each refused with a message and nothing written", () => {
    let before: number;
    beforeAll(async () => void (before = await passportCount()));
    afterAll(async () => expect(await passportCount()).toBe(before));

    const refused = async (bytes: Buffer, status: number, message: RegExp, fileName = "passports.csv") => {
      const res = await send(bytes, "?dryRun=false", fileName);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ success: false, errorMessage: expect.stringMatching(message) });
    };

    it("neither CSV nor XLSX: 415, by the bytes whatever the name", async () => {
      await refused(tinyPdf(), 415, /PDF file.*Upload a CSV file or an Excel workbook/, "passports.csv");
      await refused(tinyPng(), 415, /PNG file/, "passports.xlsx");
      const zip = await new ExcelJS.Workbook().xlsx.writeBuffer().then(() => Buffer.from("PK\u0003\u0004not really a zip archive"));
      await refused(zip, 415, /ZIP archive but not an Excel workbook/, "passports.xlsx");
      await refused(Buffer.from([0x00, 0x01, 0x02, 0x03, 0x00, 0x10]), 415, /not text/);
    });

    it("over MAX_IMPORT_MB: 413", async () => {
      await refused(Buffer.alloc(600 * 1024, "a,b,c\n"), 413, /File too large: at most 512 KB/);
    });

    it("no data rows, or no file: 400", async () => {
      await refused(csvOf([HEADER]), 400, /no data rows/);
      await refused(csvOf([HEADER, [], []]), 400, /no data rows/);
      const res = await call(t, admin, { method: "POST", url: PATHS.passportImport, ...(await multipart({ x: 1 })) });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorMessage).toMatch(/Choose a CSV or Excel/);
      await refused(csvOf([["Remarks", "Notes"], ["a", "b"]]), 400, /No column of the file is a passport field/);
    });

    it("a CSV whose quotes do not close: 400 saying where", async () => {
      const a = row();
      const text = `${HEADER.join(",")}\n${HEADER.map((h) => a[h]).join(",")}\n"Unclosed,${HEADER.slice(1).map((h) => a[h]).join(",")}\n`;
      await refused(Buffer.from(text), 400, /^The CSV file could not be read: Quote Not Closed/);
    });

    it("keeps a quote inside an unquoted cell as written", async () => {
      const a = row({ "Full Name": 'Abdul "Babu" Karim' });
      const text = `${HEADER.join(",")}\n${HEADER.map((h) => a[h]).join(",")}\n`;
      const failing = `${HEADER.join(",")}\n${HEADER.map((h) => ({ ...a, Phone: "1" })[h]).join(",")}\n`;
      expect(await report(Buffer.from(text))).toMatchObject({ created: 1, failed: 0 });
      const failed = await send(Buffer.from(failing), "?failedRows=csv");
      expect((parse(failed.rawPayload, { bom: true }) as string[][])[1][0]).toBe('Abdul "Babu" Karim');
    });

    it("more than MAX_IMPORT_ROWS rows, CSV or XLSX: 400", async () => {
      const rows = Array.from({ length: 1_201 }, () => HEADER.map(() => "x"));
      await refused(csvOf([HEADER, ...rows]), 400, /1,201 data rows; one import takes at most 1,200/);
      const bytes = await xlsxOf((sheet) => [HEADER, ...rows].forEach((r) => sheet.addRow(r)));
      await refused(bytes, 400, /1,201 data rows/, "big.xlsx");
    });

    it("a CSV in Windows-1252 is read so, with a warning; bytes no encoding explains are refused with how to save as UTF-8", async () => {
      const a = row({ "Full Name": "José Müller" });
      const text = stringify([HEADER, HEADER.map((h) => a[h])]);
      const dry = await report(Buffer.from(text, "latin1"));
      expect(dry).toMatchObject({ total: 1, created: 1, failed: 0 });
      expect(dry.warnings).toEqual([{ row: 1, column: "", message: expect.stringMatching(/read as Windows-1252.*CSV UTF-8/) }]);
      const failing = stringify([HEADER, HEADER.map((h) => ({ ...a, Phone: "1" })[h])]);
      const failed = await send(Buffer.from(failing, "latin1"), "?failedRows=csv");
      expect(failed.statusCode).toBe(200);
      expect((parse(failed.rawPayload, { bom: true }) as string[][])[1][0]).toBe("José Müller");
      const notText = Buffer.concat([Buffer.from(text, "latin1"), Buffer.from([0x81, 0x8d])]);
      await refused(notText, 400, /neither UTF-8 nor Windows-1252.*CSV UTF-8 \(Comma delimited\)/);
      // UTF-8 without a byte-order mark, Bengali included, reads as it is.
      const bengali = row({ "Full Name": "মোহাম্মদ রহিম" });
      expect((await report(csvOf([HEADER, HEADER.map((h) => bengali[h])], false))).warnings).toEqual([]);
    });

    it("an XLSX with a formula or a merged cell: 400 naming the cell", async () => {
      const a = row();
      const formula = await xlsxOf((sheet) => {
        sheet.addRow(HEADER);
        sheet.addRow(HEADER.map((h) => a[h]));
        sheet.getCell("I2").value = { formula: "200000*2", result: 400000 };
      });
      await refused(formula, 400, /Cell I2 of the sheet "Passports" holds a formula/, "f.xlsx");
      const merged = await xlsxOf((sheet) => {
        sheet.addRow(HEADER);
        sheet.addRow(HEADER.map((h) => a[h]));
        sheet.addRow(HEADER.map((h) => a[h]));
        sheet.mergeCells("N2:N3");
      });
      await refused(merged, 400, /merged cells \(N2:N3\)/, "m.xlsx");
    });
  });

  describe("a batch the database refuses", () => {
    const REFUSED = "Refused By Trigger";
    // The event of one passport is refused, after its batch's passports went in: the transaction must take them back.
    beforeAll(async () => {
      const refusedPassport = `(SELECT full_name FROM passports WHERE id = NEW.passport_id) = '${REFUSED}'`;
      if (dialect === "sqlite") {
        await sql.raw(`CREATE TRIGGER refuse_one BEFORE INSERT ON passport_events WHEN ${refusedPassport} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`).execute(t.db);
      } else {
        await sql.raw(`CREATE FUNCTION refuse_one() RETURNS trigger AS $$ BEGIN IF ${refusedPassport} THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`).execute(t.db);
        await sql.raw("CREATE TRIGGER refuse_one BEFORE INSERT ON passport_events FOR EACH ROW EXECUTE FUNCTION refuse_one()").execute(t.db);
      }
    });

    it("is written not at all, the batches before it whole; the same file again adds the rest", async () => {
      const count = 2 * BATCH_ROWS + 100;
      const rows = Array.from({ length: count }, (_, i) => row({ "Full Name": i === 2 * BATCH_ROWS + 50 ? REFUSED : `Batch Worker ${i}` }));
      const file = csvRows(rows);
      const stored = async () =>
        (await t.db.selectFrom("passports").select("passport_no").where("passport_no", "in", rows.map((r) => r["Passport No"])).execute()).map((p) => p.passport_no);

      const res = await send(file, "?dryRun=false");
      expect(res.statusCode).toBe(500);
      const firstRow = 2 + 2 * BATCH_ROWS;
      expect(res.json().errorMessage).toBe(
        `The import stopped: the database refused rows ${firstRow} to ${count + 1}, so none of them was written; ${2 * BATCH_ROWS} passports were written before them. Upload the same file again to add the rest: the rows already written count as duplicates.`,
      );
      expect((await stored()).sort()).toEqual(rows.slice(0, 2 * BATCH_ROWS).map((r) => r["Passport No"]).sort());

      if (dialect === "sqlite") await sql.raw("DROP TRIGGER refuse_one").execute(t.db);
      else await sql.raw("DROP TRIGGER refuse_one ON passport_events").execute(t.db);
      expect(await report(file, "?dryRun=false")).toMatchObject({ total: count, created: 100, duplicates: 2 * BATCH_ROWS, failed: 0 });
      expect(await stored()).toHaveLength(count);
    });
  });

  describe("export, then import", () => {
    it("gives the same passports from a CSV in the passport table's columns and titles", async () => {
      const originals = [
        row({ "Full Name": "Round Trip One", "Marital Status": "Widowed", "Visa Type": "STUDENTVISA", "Contract Amount (BDT)": "1234567" }),
        row({ "Full Name": "রহিম উদ্দিন", Schooling: "HSC" }),
      ];
      await report(csvRows(originals), "?dryRun=false");
      const numbers = originals.map((r) => r["Passport No"]);
      const read = async () => {
        const passports = [];
        for (const number of numbers) {
          const stored = await storedByNumber(number);
          const res = await call(t, admin, { method: "GET", url: fillPath(PATHS.passport, { id: stored!.id }) });
          passports.push(res.json().replyMessage);
        }
        return passports;
      };
      const before = await read();
      // The columns of the Pending Passport Table, titled as the table titles them, written as the screens write them.
      const columns = ["serial", "fullName", "passportNo", "fathersName", "mothersName", "passportIssueDate", "passportExpireDate", "dob", "age", "schooling", "maritalStatus", "telephone", "contractAmount", "agentName", "slot", "visaType", "status"] as const;
      const dmy = (ymd: string) => ymd.split("-").reverse().join("/");
      const taka = (n: number) => `৳${String(n).replace(/(\d)(?=(\d\d)+\d$)/g, "$1,")}`;
      const cell = (p: Record<string, unknown>, c: (typeof columns)[number], i: number): string => {
        if (c === "serial") return String(i + 1);
        if (c === "passportIssueDate" || c === "passportExpireDate" || c === "dob") return dmy(String(p[c]));
        if (c === "contractAmount") return taka(Number(p[c]));
        if (c === "status") return String(p.isSuperAdminApproved);
        return String(p[c]);
      };
      const exported = csvOf([columns.map((c) => PASSPORT_COLUMN_TITLES[c]), ...before.map((p, i) => columns.map((c) => cell(p, c, i)))]);
      expect(taka(1234567)).toBe("৳12,34,567");

      await t.db.deleteFrom("passport_events").where("passport_id", "in", before.map((p) => p.id)).execute();
      await t.db.deleteFrom("passports").where("id", "in", before.map((p) => p.id)).execute();
      const result = await report(exported, "?dryRun=false", "pending-passports.csv");
      expect(result).toMatchObject({ total: 2, created: 2, failed: 0, errors: [] });
      expect(result.columns.filter((c) => c.field === null).map((c) => c.header)).toEqual(["SL", "Age", "Status"]);
      const after = await read();
      const same = (p: Record<string, unknown>) => {
        const { id: _id, createdAt: _c, updatedAt: _u, statusChangedAt: _s, ...rest } = p;
        return rest;
      };
      expect(after.map(same)).toEqual(before.map(same));
    });
  });
});
