/**
 * Documents in object storage (issue 29 item 3, docs/storage.md), against s3rver: with STORAGE_URL set
 * the uploads of passports, declared records and users become objects and their rows hold no bytes;
 * they are read back byte for byte; a replaced or deleted file's object goes once the write commits;
 * a write that fails leaves no object behind.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCUMENT_KINDS } from "../../src/contract";
import { type RunningS3, startS3 } from "../support/s3";
import { createSlot, validPassportData } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { jpegPart, multipart, pdfPart, pngPart, tinyJpeg, tinyPdf, tinyPng, type UploadPart } from "./uploads";

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe.each(DIALECTS)("documents in object storage on %s", (dialect) => {
  const prefix = `agency/${dialect}`;
  let s3: RunningS3;
  let t: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let agent: TestUser;
  let slotName: string;
  let numbers = 0;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(dialect, { maxUploadBytes: 64 * 1024, storage: s3.config(prefix) });
    admin = await createUser(t, "s3.admin", ["ADMIN"]);
    superAdmin = await createUser(t, "s3.super", ["SUPER_ADMIN"]);
    agent = await createUser(t, "s3.agent", ["AGENT"]);
    slotName = (await createSlot(t)).slotName;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  const passportData = () => ({ ...validPassportData(agent.id, slotName), passportNo: `EK${String(++numbers).padStart(7, "0")}` });
  const send = async (method: "POST" | "PUT", url: string, data: unknown, files: Record<string, UploadPart | string>, user = admin) => {
    const body = await multipart(data, files);
    return call(t, user, { method, url, payload: body.payload, headers: body.headers });
  };
  const attachments = async (id: number) => {
    const res = await call(t, admin, { method: "GET", url: `/api/passport/${id}/get-attachments` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().replyMessage as Record<string, { data: string; fileName: string; contentType: string } | null>;
  };
  const documentRows = (passportId: number) =>
    t.db.selectFrom("passport_documents").select(["kind", "object_key", "bytes", "size", "sha256"]).where("passport_id", "=", passportId).orderBy("kind").execute();

  it("puts a new passport's documents in the bucket, keeps no bytes in the database, and answers them byte for byte", async () => {
    const files = { educational: pdfPart("certificate.pdf", tinyPdf("certificate")), recentPic: pngPart("photo.png"), passport: jpegPart("passport.jpg") };
    const res = await send("POST", "/api/passport/add", passportData(), files);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().replyMessage.id;

    const rows = await documentRows(id);
    expect(rows.map((r) => r.kind)).toEqual(["educational", "passport", "recentPic"]);
    for (const row of rows) {
      expect(row.object_key).toMatch(new RegExp(`^${prefix}/passports/${row.kind}/[0-9a-f-]{36}$`));
      expect(Buffer.from(row.bytes).length).toBe(0);
    }
    expect(await s3.keys(prefix)).toEqual(rows.map((r) => r.object_key).sort());
    expect((await s3.read(rows.find((r) => r.kind === "passport")!.object_key!)).equals(tinyJpeg())).toBe(true);

    const got = await attachments(id);
    expect(got.educationalCertificatePDF).toEqual({ contentType: "application/pdf", fileName: "certificate.pdf", data: tinyPdf("certificate").toString("base64") });
    expect(got.recentPicWithWhiteBackgroundPDF).toEqual({ contentType: "image/png", fileName: "photo.png", data: tinyPng().toString("base64") });
    expect(got.passportPDF).toEqual({ contentType: "image/jpeg", fileName: "passport.jpg", data: tinyJpeg().toString("base64") });
    expect(got.nidPDF).toBeNull();
  });

  it("deletes a replaced document's object once the update has committed, and keeps the others", async () => {
    const created = await send("POST", "/api/passport/add", passportData(), { passport: pdfPart("old.pdf", tinyPdf("old")), nid: pdfPart("nid.pdf", tinyPdf("nid")) });
    const id = created.json().replyMessage.id;
    const before = await documentRows(id);
    const oldPassportKey = before.find((r) => r.kind === "passport")!.object_key!;
    const nidKey = before.find((r) => r.kind === "nid")!.object_key!;

    const data = { ...passportData(), passportNo: created.json().replyMessage.passportNo };
    const updated = await send("PUT", `/api/passport/${id}/update`, data, { passport: pdfPart("new.pdf", tinyPdf("new")) });
    expect(updated.statusCode, updated.body).toBe(200);

    const after = await documentRows(id);
    const newPassportKey = after.find((r) => r.kind === "passport")!.object_key!;
    expect(newPassportKey).not.toBe(oldPassportKey);
    const keys = await s3.keys(prefix);
    expect(keys).not.toContain(oldPassportKey);
    expect(keys).toContain(newPassportKey);
    expect(keys).toContain(nidKey);
    const got = await attachments(id);
    expect(got.passportPDF).toMatchObject({ fileName: "new.pdf", data: tinyPdf("new").toString("base64") });
    expect(got.nidPDF).toMatchObject({ fileName: "nid.pdf", data: tinyPdf("nid").toString("base64") });
  });

  it("leaves no object behind when the passport's write fails after the upload", async () => {
    const taken = passportData();
    expect((await send("POST", "/api/passport/add", taken, {})).statusCode).toBe(201);
    const keysBefore = await s3.keys(prefix);
    // The same passport number: refused (409) inside the transaction, after the document was put.
    const refused = await send("POST", "/api/passport/add", { ...passportData(), passportNo: taken.passportNo }, { passport: pdfPart("doomed.pdf", tinyPdf("doomed")) });
    expect(refused.statusCode).toBe(409);
    expect(await s3.keys(prefix)).toEqual(keysBefore);
  });

  it("stores a declared record's file as an object, downloads it, and deletes the object when replaced, cleared, and when the record is deleted", async () => {
    const employer = await call(t, admin, { method: "POST", url: "/api/employers", payload: { name: `S3 Employer ${dialect}`, country: "Qatar", licenceNo: `LIC-S3-${dialect}` } });
    expect(employer.statusCode, employer.body).toBe(201);
    const letter = { employerId: employer.json().id, referenceNo: `DL-S3-${dialect}`, country: "Qatar", jobTitle: "Driver", workersRequested: 2, monthlySalary: 40000, issueDate: "2026-01-10", expiryDate: "2026-07-10" };
    const form = async (values: Record<string, unknown>, files: Record<string, UploadPart>) =>
      multipart(undefined, { ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])), ...files });
    const created = await form(letter, { letter: pdfPart("letter.pdf", tinyPdf("letter")) });
    const res = await call(t, admin, { method: "POST", url: "/api/demand-letters", payload: created.payload, headers: created.headers });
    expect(res.statusCode, res.body).toBe(201);
    const url = `/api/demand-letters/${res.json().id}`;
    const fileRow = () => t.db.selectFrom("record_files").select(["object_key", "bytes"]).where("resource", "=", "demand-letters").where("record_id", "=", res.json().id).executeTakeFirst();

    const first = (await fileRow())!;
    expect(first.object_key).toMatch(new RegExp(`^${prefix}/records/demand-letters/letter/`));
    expect(Buffer.from(first.bytes).length).toBe(0);
    expect((await s3.keys(prefix))).toContain(first.object_key);
    const download = await call(t, admin, { method: "GET", url: `${url}/files/letter` });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.rawPayload.equals(tinyPdf("letter"))).toBe(true);

    // The same file again changes nothing: the object put for it goes, the stored one stays.
    const keysBefore = await s3.keys(prefix);
    const same = await form({}, { letter: pdfPart("letter.pdf", tinyPdf("letter")) });
    expect((await call(t, admin, { method: "PATCH", url, payload: same.payload, headers: same.headers })).statusCode).toBe(200);
    expect((await fileRow())!.object_key).toBe(first.object_key);
    expect(await s3.keys(prefix)).toEqual(keysBefore);

    const replacing = await form({}, { letter: pngPart("scan.png") });
    expect((await call(t, admin, { method: "PATCH", url, payload: replacing.payload, headers: replacing.headers })).statusCode).toBe(200);
    const replaced = (await fileRow())!;
    expect(await s3.keys(prefix)).not.toContain(first.object_key);
    expect((await s3.read(replaced.object_key!)).equals(tinyPng())).toBe(true);

    const clearing = await form({ letter: "" }, {});
    expect((await call(t, admin, { method: "PATCH", url, payload: clearing.payload, headers: clearing.headers })).json()).toMatchObject({ letter: null });
    expect(await fileRow()).toBeUndefined();
    expect(await s3.keys(prefix)).not.toContain(replaced.object_key);

    const again = await form({}, { letter: pdfPart("again.pdf", tinyPdf("again")) });
    expect((await call(t, admin, { method: "PATCH", url, payload: again.payload, headers: again.headers })).statusCode).toBe(200);
    const second = (await fileRow())!;
    expect(await s3.keys(prefix)).toContain(second.object_key);

    expect((await call(t, admin, { method: "DELETE", url })).statusCode).toBe(200);
    expect(await fileRow()).toBeUndefined();
    expect(await s3.keys(prefix)).not.toContain(second.object_key);
  });

  it("stores a user's files as objects, answers them in get-user, and deletes them with the user", async () => {
    const passport = pdfPart("passport-scan.pdf", tinyPdf("user passport"));
    const data = { username: `s3user_${dialect}`, contactNumber: "01712345678", emergencyContactNumber: "01898765432", email: `s3user.${dialect}@agency.test`, password: "secret1", address: "Dhaka", nidNo: "19901234567", passportNo: "EB7654321" };
    const res = await send("POST", "/auth/signup", data, { passport, nid: pdfPart("nid.pdf", tinyPdf("user nid")) }, superAdmin);
    expect(res.statusCode, res.body).toBe(201);
    const userId = res.json().replyMessage.id;
    const rows = await t.db.selectFrom("user_files").select(["kind", "object_key", "bytes"]).where("user_id", "=", userId).execute();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.object_key).toMatch(new RegExp(`^${prefix}/users/${row.kind}/`));
      expect(Buffer.from(row.bytes).length).toBe(0);
    }
    const got = await call(t, superAdmin, { method: "GET", url: `/auth/get-user/${userId}` });
    expect(got.json().replyMessage.passportPdf).toEqual({ data: passport.bytes.toString("base64"), fileName: "passport-scan.pdf", contentType: "application/pdf", size: passport.bytes.length });

    const deleted = await call(t, superAdmin, { method: "DELETE", url: `/auth/delete-user/${userId}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const keys = await s3.keys(prefix);
    for (const row of rows) expect(keys).not.toContain(row.object_key);
  });

  it("reads documents stored in the database before STORAGE_URL was set", async () => {
    const res = await send("POST", "/api/passport/add", passportData(), {});
    const id = res.json().replyMessage.id;
    const bytes = tinyPdf("from before");
    await t.db
      .insertInto("passport_documents")
      .values({ passport_id: id, kind: "nid", file_name: "before.pdf", content_type: "application/pdf", size: bytes.length, sha256: sha256(bytes), bytes, created_at: new Date().toISOString() })
      .execute();
    expect((await attachments(id)).nidPDF).toEqual({ contentType: "application/pdf", fileName: "before.pdf", data: bytes.toString("base64") });
    expect(DOCUMENT_KINDS.length).toBe(8);
  });
});
