/**
 * The declared resources' records through the API, on the real declarations (employers, demand
 * letters): create, read, change and delete; the field messages of a 400; 404; the unique 409
 * (whatever the case, and two writes at once); the in-use 409; files (round trip, removal, 413, 415);
 * the history of each write.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueViolation } from "../../server/resources/unique-values";
import { demandLetters } from "../../src/resources/demand-letters";
import { employers } from "../../src/resources/employers";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { fakePdfPart, multipart, pdfPart, pngPart, tinyPdf } from "./uploads";

const MAX_UPLOAD = 64 * 1024;
const ORIGIN = "https://app.example.com";

describe.each(DIALECTS)("declared records on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(dialect, { maxUploadBytes: MAX_UPLOAD, corsOrigin: [ORIGIN] });
    admin = await createUser(t, "records.admin", ["ADMIN"]);
    superAdmin = await createUser(t, "records.super", ["SUPER_ADMIN"]);
  });
  afterAll(() => t.close());

  const employer = (overrides: Record<string, unknown> = {}) => ({ name: `Al Noor ${++n}`, country: "Saudi Arabia", licenceNo: `LIC-${n}`, ...overrides });
  const letter = (employerId: number, overrides: Record<string, unknown> = {}) => ({
    employerId,
    referenceNo: `DL-${++n}`,
    country: "Saudi Arabia",
    jobTitle: "Driver",
    workersRequested: 5,
    monthlySalary: 45000,
    issueDate: "2026-01-10",
    expiryDate: "2026-07-10",
    ...overrides,
  });
  const createEmployer = async (overrides: Record<string, unknown> = {}) => {
    const res = await call(t, admin, { method: "POST", url: "/api/employers", payload: employer(overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Record<string, unknown> & { id: number };
  };
  const createLetter = async (employerId: number, overrides: Record<string, unknown> = {}) => {
    const res = await call(t, admin, { method: "POST", url: "/api/demand-letters", payload: letter(employerId, overrides) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Record<string, unknown> & { id: number };
  };
  /** A multipart body: every value a form field of its name, files parts named by their field. */
  const form = (values: Record<string, unknown>, files: Parameters<typeof multipart>[1] = {}) =>
    multipart(undefined, { ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])), ...files });

  it("creates a record (201) and answers it as stored, then by its id", async () => {
    const res = await call(t, admin, { method: "POST", url: "/api/employers", payload: employer({ name: "  Gulf Star  ", email: "hr@gulfstar.sa", address: "Riyadh\nKSA", extra: "dropped" }) });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Gulf Star",
      country: "Saudi Arabia",
      licenceNo: expect.stringMatching(/^LIC-/),
      contactPerson: null,
      phone: null,
      email: "hr@gulfstar.sa",
      address: "Riyadh\nKSA",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      updatedAt: created.createdAt,
    });
    const read = await call(t, superAdmin, { method: "GET", url: `/api/employers/${created.id}` });
    expect(read.json()).toEqual(created);
  });

  it("answers a record of every kind in its wire form", async () => {
    const { id } = await createEmployer();
    const created = await createLetter(id, { attested: "true", workersRequested: "12" });
    expect(created).toMatchObject({ employerId: id, workersRequested: 12, monthlySalary: 45000, issueDate: "2026-01-10", expiryDate: "2026-07-10", attested: true, letter: null });
  });

  it.each([
    ["a missing required field", {}, { name: "Name is required", licenceNo: "Licence No is required", country: "Country is required" }],
    ["a blank one", { name: "   " }, { name: "Name is required" }],
    ["a bad email", { email: "not-an-email" }, { email: "Enter a valid email address" }],
    ["a bad phone", { phone: "12345" }, { phone: "Enter a valid phone number" }],
    ["an overlong text", { name: "x".repeat(201) }, { name: "Must be at most 200 characters" }],
  ])("refuses %s with 400 and the field's message", async (_what, values, errors) => {
    const payload = Object.keys(values).length === 0 ? {} : employer(values);
    const res = await call(t, admin, { method: "POST", url: "/api/employers", payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors });
  });

  it("checks a rule across fields against the stored record on PATCH", async () => {
    const { id } = await createEmployer();
    const created = await createLetter(id);
    const res = await call(t, admin, { method: "PATCH", url: `/api/demand-letters/${created.id}`, payload: { expiryDate: "2025-12-31" } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorMessage: "Expiry Date must be after the Issue Date", errors: { expiryDate: "Expiry Date must be after the Issue Date" } });
  });

  it("changes only the fields sent, and answers the record as changed", async () => {
    const created = await createEmployer({ contactPerson: "Rahim" });
    const res = await call(t, admin, { method: "PATCH", url: `/api/employers/${created.id}`, payload: { country: "Qatar", contactPerson: "" } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...created, country: "Qatar", contactPerson: null, updatedAt: expect.any(String) });
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    for (const [method, payload] of [["GET"], ["PATCH", { name: "X" }], ["DELETE"]] as const) {
      const res = await call(t, admin, { method, url: "/api/employers/999999", payload });
      expect(res.statusCode, `${method}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, errorMessage: "Employer not found" });
    }
    expect((await call(t, admin, { method: "GET", url: "/api/employers/abc" })).statusCode).toBe(400);
    expect((await call(t, admin, { method: "GET", url: "/api/employers/999999/history" })).statusCode).toBe(404);
  });

  describe("unique values", () => {
    it("refuses a value another record holds, whatever its case, with the field's message", async () => {
      const first = await createEmployer({ licenceNo: "RL-1234" });
      const res = await call(t, admin, { method: "POST", url: "/api/employers", payload: employer({ licenceNo: "rl-1234" }) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        replyMessage: null,
        message: null,
        errorMessage: "Licence No rl-1234 is already in use",
        errors: { licenceNo: "Licence No rl-1234 is already in use" },
      });
      const other = await createEmployer();
      const patched = await call(t, admin, { method: "PATCH", url: `/api/employers/${other.id}`, payload: { licenceNo: "RL-1234" } });
      expect(patched.statusCode).toBe(409);
      const own = await call(t, admin, { method: "PATCH", url: `/api/employers/${first.id}`, payload: { licenceNo: "rl-1234" } });
      expect(own.json()).toMatchObject({ licenceNo: "rl-1234" });
    });

    it("lets one of several writes at once take a value, the others 409", async () => {
      const writes = await Promise.all(
        Array.from({ length: 6 }, (_, i) => call(t, admin, { method: "POST", url: "/api/employers", payload: employer({ licenceNo: i % 2 ? "RACE-1" : "race-1" }) })),
      );
      expect(writes.map((w) => w.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const refused of writes.filter((w) => w.statusCode === 409)) expect(refused.json().errors.licenceNo).toMatch(/^Licence No (RACE|race)-1 is already in use$/);
    });

    it("names the field when the unique index refuses a write the check did not see", async () => {
      await createEmployer({ licenceNo: "IDX-1" });
      const db = t.db as unknown as Kysely<any>;
      const now = new Date().toISOString();
      const error = await db
        .insertInto("employers")
        .values({ name: "Twin", country: "Qatar", licence_no: "idx-1", created_at: now, updated_at: now })
        .execute()
        .catch((e: unknown) => e);
      expect(uniqueViolation(employers, error, { licenceNo: "idx-1" })).toMatchObject({ statusCode: 409, errors: { licenceNo: "Licence No idx-1 is already in use" } });
    });
  });

  describe("records in use", () => {
    it("keeps an employer a demand letter refers to (409), and deletes it once unused, answering it", async () => {
      const owner = await createEmployer({ name: "Busy Employer" });
      const used = await createLetter(owner.id);
      const refused = await call(t, admin, { method: "DELETE", url: `/api/employers/${owner.id}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ success: false, errorMessage: "Employer Busy Employer is used by 1 demand letter" });
      await createLetter(owner.id);
      expect((await call(t, admin, { method: "DELETE", url: `/api/employers/${owner.id}` })).json().errorMessage).toBe("Employer Busy Employer is used by 2 demand letters");

      const letters = await call(t, admin, { method: "GET", url: `/api/demand-letters?employerId=${owner.id}` });
      for (const { id } of letters.json()) expect((await call(t, admin, { method: "DELETE", url: `/api/demand-letters/${id}` })).statusCode).toBe(200);
      const deleted = await call(t, admin, { method: "DELETE", url: `/api/employers/${owner.id}` });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual(owner);
      expect((await call(t, admin, { method: "GET", url: `/api/employers/${owner.id}` })).statusCode).toBe(404);
      expect(used.id).toBeGreaterThan(0);
    });
  });

  describe("files", () => {
    it("stores a file sent with the record (multipart), answers its name, type and size, and downloads it", async () => {
      const { id } = await createEmployer();
      const body = await form(letter(id, { attested: true }), { letter: pdfPart("Demand letter ০১.pdf", tinyPdf("dl")) });
      const res = await call(t, admin, { method: "POST", url: "/api/demand-letters", payload: body.payload, headers: body.headers });
      expect(res.statusCode, res.body).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({ attested: true, workersRequested: 5, letter: { fileName: "Demand letter ০১.pdf", contentType: "application/pdf", size: tinyPdf("dl").length } });
      const download = await call(t, superAdmin, { method: "GET", url: `/api/demand-letters/${created.id}/files/letter` });
      expect(download.statusCode).toBe(200);
      expect(download.headers["content-type"]).toBe("application/pdf");
      expect(download.headers["content-disposition"]).toBe(`attachment; filename="Demand letter __.pdf"; filename*=UTF-8''Demand%20letter%20%E0%A7%A6%E0%A7%A7.pdf`);
      expect(download.rawPayload.equals(tinyPdf("dl"))).toBe(true);
    });

    it("replaces a file, keeps it when not sent, and removes it when sent empty or null", async () => {
      const { id } = await createEmployer();
      const first = await form(letter(id), { letter: pdfPart("one.pdf") });
      const created = (await call(t, admin, { method: "POST", url: "/api/demand-letters", payload: first.payload, headers: first.headers })).json();
      const url = `/api/demand-letters/${created.id}`;

      const kept = await call(t, admin, { method: "PATCH", url, payload: { jobTitle: "Mason" } });
      expect(kept.json()).toMatchObject({ jobTitle: "Mason", letter: { fileName: "one.pdf" } });

      const replacing = await form({}, { letter: pngPart("scan.pdf") });
      const replaced = await call(t, admin, { method: "PATCH", url, payload: replacing.payload, headers: replacing.headers });
      expect(replaced.json()).toMatchObject({ letter: { fileName: "scan.png", contentType: "image/png" } });

      const removing = await form({ letter: "" });
      const removed = await call(t, admin, { method: "PATCH", url, payload: removing.payload, headers: removing.headers });
      expect(removed.json()).toMatchObject({ letter: null });
      expect((await call(t, admin, { method: "GET", url: `${url}/files/letter` })).statusCode).toBe(404);

      const again = await form({}, { letter: pdfPart("two.pdf") });
      await call(t, admin, { method: "PATCH", url, payload: again.payload, headers: again.headers });
      const nulled = await call(t, admin, { method: "PATCH", url, payload: { letter: null } });
      expect(nulled.json()).toMatchObject({ letter: null });

      const history = (await call(t, admin, { method: "GET", url: `${url}/history` })).json();
      expect(history.map((h: { changes: { field: string; from: unknown; to: unknown }[] }) => h.changes.find((c) => c.field === "letter"))).toEqual([
        { field: "letter", label: "Letter", from: "two.pdf", to: null },
        { field: "letter", label: "Letter", from: null, to: "two.pdf" },
        { field: "letter", label: "Letter", from: "scan.png", to: null },
        { field: "letter", label: "Letter", from: "one.pdf", to: "scan.png" },
        undefined,
        { field: "letter", label: "Letter", from: null, to: "one.pdf" },
      ]);
    });

    it("refuses a file whose bytes are no PDF, PNG or JPEG (415) and one over the limit (413), storing nothing", async () => {
      const { id } = await createEmployer();
      const count = async () => (await call(t, admin, { method: "GET", url: "/api/demand-letters" })).headers["x-total-count"];
      const before = await count();
      const fake = await form(letter(id), { letter: fakePdfPart("letter.pdf") });
      const unsupported = await call(t, admin, { method: "POST", url: "/api/demand-letters", payload: fake.payload, headers: fake.headers });
      expect(unsupported.statusCode).toBe(415);
      expect(unsupported.json()).toMatchObject({ success: false, errors: { letter: "Unsupported file type" } });
      const big = await form(letter(id), { letter: pdfPart("big.pdf", Buffer.concat([tinyPdf(), Buffer.alloc(MAX_UPLOAD + 1, 0x20)])) });
      const tooLarge = await call(t, admin, { method: "POST", url: "/api/demand-letters", payload: big.payload, headers: big.headers });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json()).toMatchObject({ success: false, errors: { letter: "File too large: at most 64 KB per file" } });
      const unknown = await form(letter(id), { scan: pdfPart() });
      expect((await call(t, admin, { method: "POST", url: "/api/demand-letters", payload: unknown.payload, headers: unknown.headers })).statusCode).toBe(400);
      expect(await count()).toBe(before);
    });

    it("checks the form fields of a multipart record by the record's rules", async () => {
      const { id } = await createEmployer();
      const body = await form(letter(id, { workersRequested: "many", issueDate: "2026-02-30" }));
      const res = await call(t, admin, { method: "POST", url: "/api/demand-letters", payload: body.payload, headers: body.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ workersRequested: "Workers Requested must be a whole number", issueDate: "Issue Date must be a valid date (YYYY-MM-DD)" });
    });
  });

  describe("history", () => {
    it("records each create, change and delete with who and when, newest first, the deleted record's too", async () => {
      const created = await createEmployer({ name: "History Co", contactPerson: "Karim" });
      const url = `/api/employers/${created.id}`;
      await call(t, admin, { method: "PATCH", url, payload: { name: "History Company", contactPerson: "Karim" } });
      await call(t, admin, { method: "PATCH", url, payload: { name: "History Company" } }); // no change: no entry
      await call(t, admin, { method: "DELETE", url });
      const res = await call(t, superAdmin, { method: "GET", url: `${url}/history` });
      expect(res.statusCode, res.body).toBe(200);
      const user = { id: admin.id, username: "records.admin" };
      expect(res.json()).toEqual([
        {
          id: expect.any(Number),
          at: expect.any(String),
          user,
          action: "deleted",
          changes: expect.arrayContaining([
            { field: "name", label: "Name", from: "History Company", to: null },
            { field: "contactPerson", label: "Contact Person", from: "Karim", to: null },
          ]),
          importedFrom: null,
        },
        { id: expect.any(Number), at: expect.any(String), user, action: "updated", changes: [{ field: "name", label: "Name", from: "History Co", to: "History Company" }], importedFrom: null },
        {
          id: expect.any(Number),
          at: created.createdAt,
          user,
          action: "created",
          changes: [
            { field: "name", label: "Name", from: null, to: "History Co" },
            { field: "country", label: "Country", from: null, to: "Saudi Arabia" },
            { field: "licenceNo", label: "Licence No", from: null, to: created.licenceNo },
            { field: "contactPerson", label: "Contact Person", from: null, to: "Karim" },
          ],
          importedFrom: null,
        },
      ]);
    });

    it("writes no history for a refused write", async () => {
      const created = await createEmployer();
      await call(t, admin, { method: "PATCH", url: `/api/employers/${created.id}`, payload: { email: "bad" } });
      const history = (await call(t, admin, { method: "GET", url: `/api/employers/${created.id}/history` })).json();
      expect(history.map((h: { action: string }) => h.action)).toEqual(["created"]);
    });
  });

  it("lets the app's origin read a list's total and a download's name (CORS)", async () => {
    const res = await call(t, admin, { method: "GET", url: "/api/employers", headers: { origin: ORIGIN } });
    expect(res.headers["access-control-allow-origin"]).toBe(ORIGIN);
    expect(res.headers["access-control-expose-headers"]).toBe("X-Total-Count, Content-Disposition");
  });

  it("documents every declared route in /api/openapi.json", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    for (const [path, methods] of [
      ["/api/employers", ["get", "post"]],
      ["/api/employers/{id}", ["get", "patch", "delete"]],
      ["/api/demand-letters/{id}/history", ["get"]],
      ["/api/demand-letters/{id}/files/letter", ["get"]],
    ] as const) {
      expect(Object.keys(doc.paths[path] ?? {}), path).toEqual(expect.arrayContaining([...methods]));
    }
    const create = doc.paths["/api/demand-letters"].post;
    expect(Object.keys(create.requestBody.content)).toEqual(["application/json", "multipart/form-data"]);
    expect(create.requestBody.content["multipart/form-data"].schema.properties.letter).toMatchObject({ type: ["string", "null"], format: "binary" });
    expect(create.requestBody.content["application/json"].schema.required).toEqual(Object.entries(demandLetters.fields).filter(([, f]) => f.required).map(([k]) => k));
    expect(doc.paths["/api/demand-letters/{id}/files/letter"].get.responses["200"].content["application/pdf"].schema).toEqual({ type: "string", format: "binary" });
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toEqual(expect.arrayContaining(["Employers", "Demand Letters", "Slots"]));
    const list = doc.paths["/api/demand-letters"].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(["_start", "_end", "_sort", "_order", "q", "id", "expiryDate_gte", "employerId"]));
    expect(list.responses["200"].content["application/json"].schema.items.properties.letter).toBeDefined();
  });
});
