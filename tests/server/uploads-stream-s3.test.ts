/**
 * Uploads stream to the bucket (issue 29 item 3, docs/storage.md "Uploads"), against s3rver: with
 * STORAGE_URL set each file part is checked by its first bytes and piped into its object as it
 * arrives; the rows get the key, the size and the SHA-256 as before. A request refused at any point
 * (its files, its data part sent after them, the write) answers as it does with files in the database
 * and leaves no object in the bucket and nothing in the database. Over HTTP, the first file is in the
 * bucket while the client still withholds the rest of the body.
 */
import { createHash, randomBytes } from "node:crypto";
import { type ClientRequest, type IncomingMessage, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_KINDS, MSG } from "../../src/contract";
import { type RunningS3, startS3 } from "../support/s3";
import { createSlot, validPassportData } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { tinyJpeg, tinyPdf, tinyPng } from "./uploads";

const KB = 1024;
const MB = 1024 * KB;
const MAX_UPLOAD = 64 * KB;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** A part of a multipart body: a file when it has a file name, else a text field. */
interface Part {
  name: string;
  fileName?: string;
  contentType?: string;
  body: Buffer | string;
}

const BOUNDARY = "----upload-stream-test-boundary";

/** A multipart body with its parts in the order given (the `data` part may come last), and where each part starts. */
function multipartBody(parts: Part[]): { payload: Buffer; starts: number[]; headers: Record<string, string> } {
  const pieces: Buffer[] = [];
  const starts: number[] = [];
  let length = 0;
  const push = (b: Buffer) => {
    pieces.push(b);
    length += b.length;
  };
  for (const part of parts) {
    starts.push(length);
    const disposition = `form-data; name="${part.name}"${part.fileName === undefined ? "" : `; filename="${part.fileName}"`}`;
    const type = part.fileName === undefined ? "" : `Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n`;
    push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`, "latin1"));
    push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body));
    push(Buffer.from("\r\n"));
  }
  starts.push(length);
  push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(pieces), starts, headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A PDF (or PNG) of `size` bytes: the type file-type finds in its first bytes, then random bytes. */
const fileOf = (head: Buffer, size: number) => Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
const pdf = (size: number) => fileOf(tinyPdf("streamed"), size);
const filePart = (name: string, body: Buffer, fileName = `${name}.pdf`): Part => ({ name, fileName, contentType: "application/pdf", body });
const dataPart = (data: unknown): Part => ({ name: "data", body: JSON.stringify(data) });

describe.each(DIALECTS)("uploads streamed to object storage on %s", (dialect) => {
  const prefix = `uploads/${dialect}`;
  let s3: RunningS3;
  /** Files in the bucket. */
  let t: TestApp;
  /** The same, files in the database: refusals must answer alike. */
  let plain: TestApp;
  const users: Record<string, { s3: TestUser; plain: TestUser }> = {};
  const slots: { s3: string; plain: string } = { s3: "", plain: "" };
  let numbers = 0;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(dialect, { maxUploadBytes: MAX_UPLOAD, storage: s3.config(prefix) });
    plain = await createTestApp(dialect, { maxUploadBytes: MAX_UPLOAD });
    for (const [name, roles] of [["admin", ["ADMIN"]], ["super", ["SUPER_ADMIN"]], ["agent", ["AGENT"]]] as const) {
      users[name] = { s3: await createUser(t, `up.${name}`, [...roles]), plain: await createUser(plain, `up.${name}`, [...roles]) };
    }
    slots.s3 = (await createSlot(t, "UP-SLOT")).slotName;
    slots.plain = (await createSlot(plain, "UP-SLOT")).slotName;
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
    await s3?.stop();
  });

  /** Passport data valid on both apps (the agent has the same id in both databases). */
  const passportData = (overrides: Record<string, unknown> = {}) => ({
    ...validPassportData(users.agent.s3.id, slots.s3),
    passportNo: `EU${String(++numbers).padStart(7, "0")}`,
    ...overrides,
  });
  const send = (app: TestApp, user: TestUser, method: "POST" | "PUT" | "PATCH", url: string, parts: Part[]) => {
    const body = multipartBody(parts);
    return call(app, user, { method, url, payload: body.payload, headers: body.headers });
  };
  const documentRows = (passportId: number) =>
    t.db.selectFrom("passport_documents").select(["kind", "object_key", "bytes", "size", "sha256", "file_name", "content_type"]).where("passport_id", "=", passportId).execute();
  const counts = async (app: TestApp) => ({
    passports: (await app.db.selectFrom("passports").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
    documents: (await app.db.selectFrom("passport_documents").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
    userFiles: (await app.db.selectFrom("user_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
    recordFiles: (await app.db.selectFrom("record_files").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n,
  });

  it("streams a passport's eight documents into the bucket; they come back byte for byte, with the size and SHA-256 of the bytes", async () => {
    // Sizes on both sides of the first bytes read to check the type, and of the chunks a request arrives in.
    const sizes = [100, 4099, 4100, 4101, 20 * KB, 40 * KB, 63 * KB, MAX_UPLOAD];
    const files = new Map(DOCUMENT_KINDS.map((k, i) => [k.field as string, k.field === "recentPic" ? fileOf(tinyPng(), sizes[i]) : pdf(sizes[i])]));
    const keysBefore = await s3.keys(prefix);
    const res = await send(t, users.admin.s3, "POST", "/api/passport/add", [
      ...[...files].map(([field, bytes]) => (field === "recentPic" ? { name: field, fileName: "photo.png", contentType: "image/png", body: bytes } : filePart(field, bytes))),
      dataPart(passportData()),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().replyMessage.id;

    const rows = await documentRows(id);
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      const bytes = files.get(row.kind)!;
      expect(row.object_key).toMatch(new RegExp(`^${prefix}/passports/${row.kind}/[0-9a-f-]{36}$`));
      expect(Buffer.from(row.bytes).length).toBe(0);
      expect(Number(row.size)).toBe(bytes.length);
      expect(row.sha256).toBe(sha256(bytes));
      expect(row.content_type).toBe(row.kind === "recentPic" ? "image/png" : "application/pdf");
      expect((await s3.read(row.object_key!)).equals(bytes)).toBe(true);
    }
    expect((await s3.keys(prefix)).filter((k) => !keysBefore.includes(k)).sort()).toEqual(rows.map((r) => r.object_key).sort());

    const got = (await call(t, users.admin.s3, { method: "GET", url: `/api/passport/${id}/get-attachments` })).json().replyMessage;
    for (const kind of DOCUMENT_KINDS) expect(got[kind.replyKey].data).toBe(files.get(kind.field)!.toString("base64"));
  });

  it("deletes a replaced document's object once the update has committed", async () => {
    const data = passportData();
    const created = await send(t, users.admin.s3, "POST", "/api/passport/add", [filePart("passport", pdf(10 * KB)), filePart("nid", pdf(5 * KB)), dataPart(data)]);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().replyMessage.id;
    const before = await documentRows(id);
    const oldKey = before.find((r) => r.kind === "passport")!.object_key!;
    const nidKey = before.find((r) => r.kind === "nid")!.object_key!;

    const replacement = pdf(30 * KB);
    const updated = await send(t, users.admin.s3, "PUT", `/api/passport/${id}/update`, [filePart("passport", replacement), dataPart(data)]);
    expect(updated.statusCode, updated.body).toBe(200);
    const after = await documentRows(id);
    const newRow = after.find((r) => r.kind === "passport")!;
    expect(newRow.sha256).toBe(sha256(replacement));
    const keys = await s3.keys(prefix);
    expect(keys).not.toContain(oldKey);
    expect(keys).toContain(newRow.object_key);
    expect(keys).toContain(nidKey);
    expect((await s3.read(newRow.object_key!)).equals(replacement)).toBe(true);
  });

  const tooLarge = "File too large: at most 64 KB per file";
  const fake = Buffer.from("this is plain text, not a PDF");
  /** Requests refused after (some of) their files were read: each answers as with files in the database, and leaves nothing anywhere. */
  const refusedPassports: [what: string, status: number, parts: () => Part[], expected: Record<string, unknown>][] = [
    [
      "a data part, sent after the files, that is not valid",
      400,
      () => [filePart("passport", pdf(20 * KB)), filePart("nid", pdf(3 * KB)), dataPart(passportData({ fullName: "" }))],
      { errors: { fullName: expect.any(String) } },
    ],
    [
      "a data part naming an agent that does not exist",
      400,
      () => [filePart("passport", pdf(20 * KB)), dataPart(passportData({ agentId: "999999" }))],
      { errorMessage: MSG.agentId, errors: { agentId: MSG.agentId } },
    ],
    [
      "text named .pdf",
      415,
      () => [filePart("passport", pdf(10 * KB)), filePart("bankStatement", fake, "statement.pdf"), dataPart(passportData())],
      {
        errorMessage: 'Unsupported file type: "statement.pdf" (bankStatement) must be a PDF, PNG or JPEG file, but its content is none of these',
        errors: { bankStatement: MSG.unsupportedFileType },
      },
    ],
    [
      "a PDF as the photo, longer than the first bytes read",
      415,
      () => [filePart("passport", pdf(10 * KB)), filePart("recentPic", pdf(10 * KB), "photo.pdf"), dataPart(passportData())],
      { errorMessage: 'Unsupported file type: "photo.pdf" (recentPic) must be a PNG or JPEG image, but its content is application/pdf', errors: { recentPic: MSG.unsupportedFileType } },
    ],
    [
      "a file over the size limit, after one that fitted",
      413,
      () => [filePart("passport", pdf(MAX_UPLOAD)), filePart("educational", pdf(MAX_UPLOAD + 1)), dataPart(passportData())],
      { errorMessage: tooLarge, errors: { educational: tooLarge } },
    ],
    [
      "a file of the wrong type that is also over the limit (413, as when read whole)",
      413,
      () => [filePart("educational", Buffer.concat([fake, Buffer.alloc(MAX_UPLOAD, 0x20)]))],
      { errorMessage: tooLarge, errors: { educational: tooLarge } },
    ],
    ["two files in one slot", 400, () => [filePart("utilityBill", pdf(5 * KB), "one.pdf"), filePart("utilityBill", pdf(5 * KB), "two.pdf"), dataPart(passportData())], { errorMessage: MSG.oneFile, errors: { utilityBill: MSG.oneFile } }],
    ["a NUL in a file name", 400, () => [filePart("passport", pdf(5 * KB)), filePart("nid", pdf(5 * KB), "n\u0000id.pdf"), dataPart(passportData())], { errorMessage: MSG.nulCharacter, errors: { nid: MSG.nulCharacter } }],
    ["an unknown file field", 400, () => [filePart("passport", pdf(5 * KB)), filePart("selfie", pdf(5 * KB)), dataPart(passportData())], { errors: { selfie: "Unknown file field selfie" } }],
    ["no data part at all", 400, () => [filePart("passport", pdf(5 * KB))], { errorMessage: "Missing the data part" }],
  ];
  it.each(refusedPassports)("refuses %s with %i, as with files in the database, and leaves no object and no row", async (_what, status, parts, expected) => {
    const keysBefore = await s3.keys(prefix);
    const countsBefore = await counts(t);
    const request = parts();
    const res = await send(t, users.admin.s3, "POST", "/api/passport/add", request);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, ...expected });
    const same = await send(plain, users.admin.plain, "POST", "/api/passport/add", request);
    expect({ status: same.statusCode, body: same.json() }).toEqual({ status: res.statusCode, body: res.json() });
    expect(await s3.keys(prefix)).toEqual(keysBefore);
    expect(await counts(t)).toEqual(countsBefore);
  });

  it("treats an empty file part as no file", async () => {
    const keysBefore = await s3.keys(prefix);
    const res = await send(t, users.admin.s3, "POST", "/api/passport/add", [filePart("passport", Buffer.alloc(0), ""), dataPart(passportData())]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await documentRows(res.json().replyMessage.id)).toEqual([]);
    expect(await s3.keys(prefix)).toEqual(keysBefore);
  });

  it("leaves no object when the write refuses the passport (409) after its documents were streamed", async () => {
    const taken = passportData();
    expect((await send(t, users.admin.s3, "POST", "/api/passport/add", [dataPart(taken)])).statusCode).toBe(201);
    const keysBefore = await s3.keys(prefix);
    const countsBefore = await counts(t);
    const res = await send(t, users.admin.s3, "POST", "/api/passport/add", [filePart("passport", pdf(30 * KB)), filePart("nid", pdf(30 * KB)), dataPart({ ...passportData(), passportNo: taken.passportNo })]);
    expect(res.statusCode, res.body).toBe(409);
    expect(await s3.keys(prefix)).toEqual(keysBefore);
    expect(await counts(t)).toEqual(countsBefore);
  });

  const userData = (name: string) => ({
    username: `${name}_${dialect}`,
    contactNumber: "01712345678",
    emergencyContactNumber: "01898765432",
    email: `${name}.${dialect}@agency.test`,
    password: "secret1",
    address: "Dhaka",
    nidNo: "19901234567",
    passportNo: "EB7654321",
  });

  it("streams a user's two files, and leaves none when the user's data, sent after them, is refused", async () => {
    const passport = pdf(40 * KB);
    const nid = fileOf(tinyJpeg(), 12 * KB);
    const keysBefore = await s3.keys(prefix);
    const refused = [filePart("passport", passport), { name: "nid", fileName: "nid.jpg", contentType: "image/jpeg", body: nid }, dataPart({ ...userData("streamuser"), email: "not an email" })];
    const bad = await send(t, users.super.s3, "POST", "/auth/signup", refused);
    expect(bad.statusCode, bad.body).toBe(400);
    const same = await send(plain, users.super.plain, "POST", "/auth/signup", refused);
    expect(same.json()).toEqual(bad.json());
    expect(await s3.keys(prefix)).toEqual(keysBefore);

    const res = await send(t, users.super.s3, "POST", "/auth/signup", [refused[0], refused[1], dataPart(userData("streamuser"))]);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db.selectFrom("user_files").select(["kind", "object_key", "bytes", "size", "sha256"]).where("user_id", "=", res.json().replyMessage.id).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      const bytes = row.kind === "passport" ? passport : nid;
      expect(row.object_key).toMatch(new RegExp(`^${prefix}/users/${row.kind}/`));
      expect(Buffer.from(row.bytes).length).toBe(0);
      expect([Number(row.size), row.sha256]).toEqual([bytes.length, sha256(bytes)]);
      expect((await s3.read(row.object_key!)).equals(bytes)).toBe(true);
    }
  });

  it("streams a declared record's file, and leaves none when the record's fields fail validation after the file was read", async () => {
    const employer = await call(t, users.admin.s3, { method: "POST", url: "/api/employers", payload: { name: `Stream Employer ${dialect}`, country: "Qatar", licenceNo: `LIC-UP-${dialect}` } });
    expect(employer.statusCode, employer.body).toBe(201);
    const fields = { employerId: employer.json().id, referenceNo: `DL-UP-${dialect}`, country: "Qatar", jobTitle: "Driver", workersRequested: 2, monthlySalary: 40000, issueDate: "2026-01-10", expiryDate: "2026-07-10" };
    const letter = pdf(50 * KB);
    const keysBefore = await s3.keys(prefix);
    const countsBefore = await counts(t);
    // The file first; the fields after it lack the job title (the route's schema refuses them) ...
    const textParts = (values: Record<string, unknown>) => Object.entries(values).map(([name, value]) => ({ name, body: String(value) }));
    const { jobTitle: _, ...withoutJobTitle } = fields;
    const invalid = await send(t, users.admin.s3, "POST", "/api/demand-letters", [filePart("letter", letter), ...textParts(withoutJobTitle)]);
    expect(invalid.statusCode, invalid.body).toBe(400);
    // ... or break its rule across fields, checked in the handler.
    const backwards = await send(t, users.admin.s3, "POST", "/api/demand-letters", [filePart("letter", letter), ...textParts({ ...fields, expiryDate: "2025-01-01" })]);
    expect(backwards.statusCode, backwards.body).toBe(400);
    const wrongType = await send(t, users.admin.s3, "POST", "/api/demand-letters", [filePart("letter", fake, "letter.pdf"), ...textParts(fields)]);
    expect(wrongType.statusCode, wrongType.body).toBe(415);
    expect(await s3.keys(prefix)).toEqual(keysBefore);
    expect(await counts(t)).toEqual(countsBefore);

    const res = await send(t, users.admin.s3, "POST", "/api/demand-letters", [filePart("letter", letter), ...textParts(fields)]);
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.selectFrom("record_files").select(["object_key", "bytes", "size", "sha256"]).where("resource", "=", "demand-letters").where("record_id", "=", res.json().id).executeTakeFirstOrThrow();
    expect(row.object_key).toMatch(new RegExp(`^${prefix}/records/demand-letters/letter/`));
    expect(Buffer.from(row.bytes).length).toBe(0);
    expect([Number(row.size), row.sha256]).toEqual([letter.length, sha256(letter)]);
    const download = await call(t, users.admin.s3, { method: "GET", url: `/api/demand-letters/${res.json().id}/files/letter` });
    expect(download.rawPayload.equals(letter)).toBe(true);
  });

  describe("over HTTP", () => {
    let url: string;
    const open: ClientRequest[] = [];
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => open.forEach((req) => req.destroy()));

    /** Starts a request and writes `head` of its body; the reply comes once the rest is written. */
    const startRequest = (path: string, user: TestUser, headers: Record<string, string>, head: Buffer) => {
      let req!: ClientRequest;
      const reply = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req = httpRequest(`${url}${path}`, { method: "POST", headers: { ...headers, authorization: `Bearer ${user.token}` } }, (res: IncomingMessage) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
          res.on("error", reject);
        });
        req.on("error", reject);
      });
      open.push(req);
      reply.catch(() => undefined); // a test that fails before the reply destroys the request afterwards
      req.write(head);
      return { req, reply };
    };

    it("puts the first document in the bucket while the client still withholds the rest of the body", async () => {
      const first = pdf(60 * KB);
      const second = pdf(30 * KB);
      const body = multipartBody([filePart("passport", first), filePart("nid", second), dataPart(passportData())]);
      const keysBefore = await s3.keys(prefix);
      // The whole first part, and the headers and a little of the second: the first file has ended.
      const cut = body.starts[1] + 200;
      const { req, reply } = startRequest("/api/passport/add", users.admin.s3, { ...body.headers, "content-length": String(body.payload.length) }, body.payload.subarray(0, cut));

      await expect
        .poll(async () => (await s3.keys(prefix)).filter((k) => !keysBefore.includes(k)), { timeout: 10_000, interval: 50 })
        .toHaveLength(1);
      const [streamed] = (await s3.keys(prefix)).filter((k) => !keysBefore.includes(k));
      expect(streamed).toMatch(new RegExp(`^${prefix}/passports/passport/`));
      expect((await s3.read(streamed)).equals(first)).toBe(true);

      req.end(body.payload.subarray(cut));
      const res = await reply;
      expect(res.status, res.body).toBe(201);
      const rows = await documentRows(JSON.parse(res.body).replyMessage.id);
      expect(rows.find((r) => r.kind === "passport")!.object_key).toBe(streamed);
      expect(rows.find((r) => r.kind === "nid")!.sha256).toBe(sha256(second));
    });

    it("deletes the streamed documents when the data part, sent last, is refused", async () => {
      const body = multipartBody([filePart("passport", pdf(60 * KB)), filePart("nid", pdf(30 * KB)), dataPart(passportData({ slot: "NO-SUCH-SLOT" }))]);
      const keysBefore = await s3.keys(prefix);
      // Both files and the data part's headers: its JSON comes last.
      const cut = body.starts[2] + 60;
      const { req, reply } = startRequest("/api/passport/add", users.admin.s3, { ...body.headers, "content-length": String(body.payload.length) }, body.payload.subarray(0, cut));
      await expect.poll(async () => (await s3.keys(prefix)).length, { timeout: 10_000, interval: 50 }).toBe(keysBefore.length + 2);
      req.end(body.payload.subarray(cut));
      const res = await reply;
      expect(res.status, res.body).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ errorMessage: MSG.slot });
      expect(await s3.keys(prefix)).toEqual(keysBefore);
    });
  });
});

/** Files longer than one part of the upload (5 MiB): a multipart upload, completed or aborted. */
describe("uploads longer than one part", () => {
  const prefix = "uploads/parts";
  let s3: RunningS3;
  let t: TestApp;
  let admin: TestUser;
  let agent: TestUser;
  let slotName: string;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp("sqlite", { maxUploadBytes: 8 * MB, storage: s3.config(prefix) });
    admin = await createUser(t, "parts.admin", ["ADMIN"]);
    agent = await createUser(t, "parts.agent", ["AGENT"]);
    slotName = (await createSlot(t)).slotName;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const add = (passportNo: string, file: Buffer) => {
    const body = multipartBody([filePart("passport", file), dataPart({ ...validPassportData(agent.id, slotName), passportNo })]);
    return call(t, admin, { method: "POST", url: "/api/passport/add", payload: body.payload, headers: body.headers });
  };

  it("stores a 7 MB document in two parts, byte for byte", async () => {
    const file = pdf(7 * MB);
    const res = await add("EP0000001", file);
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db.selectFrom("passport_documents").select(["object_key", "size", "sha256"]).where("passport_id", "=", res.json().replyMessage.id).executeTakeFirstOrThrow();
    expect([Number(row.size), row.sha256]).toEqual([file.length, sha256(file)]);
    expect((await s3.read(row.object_key!)).equals(file)).toBe(true);
  });

  it("aborts the upload of a document over the limit after its first part was sent, leaving no object", async () => {
    const keysBefore = await s3.keys(prefix);
    const res = await add("EP0000002", pdf(8 * MB + 1));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().errors).toEqual({ passport: "File too large: at most 8 MB per file" });
    expect(await s3.keys(prefix)).toEqual(keysBefore);
  });
});
