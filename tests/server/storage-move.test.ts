/**
 * `npm run storage:move` (issue 29 item 3, docs/storage.md "Moving"): stored files go from their rows
 * to the bucket and back byte for byte, leaving neither bytes nor objects behind; a move stopped
 * half-way (a limit, a failing store) goes on from where it stopped when run again; the command prints
 * its progress and refuses bad arguments.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DocumentStorage, referencedObjectKeys } from "../../server/storage";
import { moveDocuments } from "../../server/storage/move";
import { ObjectStore } from "../../server/storage/s3";
import { type RunningS3, startS3 } from "../support/s3";
import { createSlot, validPassportData } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, openTestApp, type TestApp, type TestUser } from "./harness";
import { jpegPart, multipart, pdfPart, pngPart, tinyPdf, type UploadPart } from "./uploads";

const run = promisify(execFile);
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** Fails its second put, as a store that goes away half-way would. */
class FailingStore extends ObjectStore {
  puts = 0;
  override async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (++this.puts === 2) throw new Error("The store went away");
    return super.put(key, bytes, contentType);
  }
}

describe.each(DIALECTS)("storage:move on %s", (dialect) => {
  const prefix = `move/${dialect}`;
  let s3: RunningS3;
  /** STORAGE_URL unset: uploads go to the database. */
  let inDatabase: TestApp;
  /** The same database with STORAGE_URL set: reads both. */
  let withBucket: TestApp;
  let admin: TestUser;
  let superAdmin: TestUser;
  let passportIds: number[] = [];
  const ROWS = 9; // 2 passports × 3 documents, a demand letter's file, a user's 2 files

  beforeAll(async () => {
    s3 = await startS3();
    inDatabase = await createTestApp(dialect, { maxUploadBytes: 256 * 1024 });
    withBucket = await openTestApp(dialect, { ...inDatabase.config, storage: s3.config(prefix) });
    admin = await createUser(inDatabase, "move.admin", ["ADMIN"]);
    superAdmin = await createUser(inDatabase, "move.super", ["SUPER_ADMIN"]);
    const agent = await createUser(inDatabase, "move.agent", ["AGENT"]);
    const { slotName } = await createSlot(inDatabase);
    const send = async (url: string, data: unknown, files: Record<string, UploadPart | string>, user = admin) => {
      const body = await multipart(data, files);
      const res = await call(inDatabase, user, { method: "POST", url, payload: body.payload, headers: body.headers });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    for (const n of [1, 2]) {
      const data = { ...validPassportData(agent.id, slotName), passportNo: `EM000000${n}` };
      const files = { passport: pdfPart(`passport-${n}.pdf`, tinyPdf(`passport ${n}`)), recentPic: pngPart(), nid: jpegPart() };
      passportIds.push((await send("/api/passport/add", data, files)).replyMessage.id);
    }
    const employer = await call(inDatabase, admin, { method: "POST", url: "/api/employers", payload: { name: "Move Employer", country: "Oman", licenceNo: "LIC-MOVE" } });
    const letter = { employerId: employer.json().id, referenceNo: "DL-MOVE", country: "Oman", jobTitle: "Cook", workersRequested: 1, monthlySalary: 30000, issueDate: "2026-01-10", expiryDate: "2026-07-10" };
    await send("/api/demand-letters", undefined, { ...Object.fromEntries(Object.entries(letter).map(([k, v]) => [k, String(v)])), letter: pdfPart("letter.pdf", tinyPdf("letter")) });
    const user = { username: "moved_user", contactNumber: "01712345678", emergencyContactNumber: "01898765432", email: "moved@agency.test", password: "secret1", address: "Dhaka", nidNo: "19901234567", passportNo: "EB7654321" };
    await send("/auth/signup", user, { passport: pdfPart("p.pdf", tinyPdf("user passport")), nid: pdfPart("n.pdf", tinyPdf("user nid")) }, superAdmin);
  });
  afterAll(async () => {
    await withBucket?.close();
    await inDatabase?.close();
    await s3?.stop();
  });

  /** Every stored file: where it is, and its bytes' hash wherever they are. */
  async function stored() {
    const rows = [
      ...(await inDatabase.db.selectFrom("passport_documents").select(["id", "object_key", "bytes", "sha256"]).orderBy("id").execute()).map((r) => ({ table: "passport_documents", ...r })),
      ...(await inDatabase.db.selectFrom("record_files").select(["id", "object_key", "bytes", "sha256"]).orderBy("id").execute()).map((r) => ({ table: "record_files", ...r })),
      ...(await inDatabase.db.selectFrom("user_files").select(["id", "object_key", "bytes", "sha256"]).orderBy("id").execute()).map((r) => ({ table: "user_files", ...r })),
    ];
    return Promise.all(
      rows.map(async (r) => ({
        table: r.table,
        id: r.id,
        key: r.object_key,
        rowBytes: Buffer.from(r.bytes).length,
        hashOk: sha256(r.object_key ? await s3.read(r.object_key) : Buffer.from(r.bytes)) === r.sha256,
      })),
    );
  }
  const replies = async () => Promise.all(passportIds.map(async (id) => (await call(withBucket, admin, { method: "GET", url: `/api/passport/${id}/get-attachments` })).body));
  const move = (to: "s3" | "database", store: ObjectStore = new ObjectStore(s3.config(prefix)), limit?: number) => {
    const storage = new DocumentStorage(store);
    return moveDocuments(inDatabase.db, storage, { to, limit, batch: 2 }).finally(() => storage.close());
  };

  it("moves every stored file into the bucket and back, byte for byte, leaving no bytes and then no objects behind", async () => {
    const before = await stored();
    expect(before).toHaveLength(ROWS);
    expect(before.every((r) => r.key === null && r.rowBytes > 0 && r.hashOk)).toBe(true);
    const repliesBefore = await replies();

    expect(await move("s3")).toBe(ROWS);
    const inBucket = await stored();
    expect(inBucket.every((r) => r.key !== null && r.rowBytes === 0 && r.hashOk)).toBe(true);
    expect(await s3.keys(prefix)).toEqual(inBucket.map((r) => r.key).sort());
    const referenced: string[] = [];
    for await (const object of referencedObjectKeys(inDatabase.db)) referenced.push(object.key);
    expect(referenced.sort()).toEqual(inBucket.map((r) => r.key).sort());
    expect(await replies()).toEqual(repliesBefore);
    expect(await move("s3")).toBe(0); // nothing left: a rerun is a no-op

    expect(await move("database")).toBe(ROWS);
    const back = await stored();
    expect(back.every((r) => r.key === null && r.rowBytes > 0 && r.hashOk)).toBe(true);
    expect(await s3.keys(prefix)).toEqual([]);
    expect(await replies()).toEqual(repliesBefore);
  });

  it("goes on from where a move stopped (a limit, then a store that fails) when run again", async () => {
    const repliesBefore = await replies();
    expect(await move("s3", undefined, 4)).toBe(4);
    expect((await stored()).filter((r) => r.key !== null)).toHaveLength(4);
    expect(await replies()).toEqual(repliesBefore); // half in the bucket, half in the database: all readable

    await expect(move("s3", new FailingStore(s3.config(prefix)))).rejects.toThrow("The store went away");
    expect((await stored()).filter((r) => r.key !== null)).toHaveLength(5);

    expect(await move("s3")).toBe(ROWS - 5);
    const all = await stored();
    expect(all.every((r) => r.key !== null && r.rowBytes === 0 && r.hashOk)).toBe(true);
    expect(await s3.keys(prefix)).toHaveLength(ROWS);
    expect(await replies()).toEqual(repliesBefore);

    expect(await move("database", undefined, 3)).toBe(3);
    expect(await s3.keys(prefix)).toHaveLength(ROWS - 3);
    expect(await move("database")).toBe(ROWS - 3);
    expect(await s3.keys(prefix)).toEqual([]);
    expect(await replies()).toEqual(repliesBefore);
  });

  it("runs as npm run storage:move with the server's settings, printing its progress; refuses bad arguments", async () => {
    const env = { ...process.env, DATABASE_URL: inDatabase.config.databaseUrl, ...s3.env(prefix), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
    const command = (...args: string[]) => run("node_modules/.bin/tsx", ["scripts/storage-move.ts", ...args], { env });
    const toBucket = await command("--to", "s3", "--batch", "4");
    expect(toBucket.stdout).toContain(`Moving documents to s3://${s3.bucket}/${prefix}`);
    expect(toBucket.stdout).toContain("passport_documents: 4 of 6 moved");
    expect(toBucket.stdout).toContain("passport_documents: 6 of 6 moved");
    expect(toBucket.stdout).toContain(`Done: ${ROWS} document(s) moved.`);
    expect(await s3.keys(prefix)).toHaveLength(ROWS);

    const back = await command("--to", "database");
    expect(back.stdout).toContain(`Done: ${ROWS} document(s) moved.`);
    expect(await s3.keys(prefix)).toEqual([]);

    await expect(command("--to", "disk")).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("Usage: npm run storage:move -- --to s3|database") });
    const noBucket = run("node_modules/.bin/tsx", ["scripts/storage-move.ts", "--to", "s3"], { env: { ...env, STORAGE_URL: "", S3_ENDPOINT: "" } });
    await expect(noBucket).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("STORAGE_URL must name the bucket to move documents to") });
  }, 120_000); // four processes that each load tsx
});
