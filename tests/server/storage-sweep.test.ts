/**
 * `npm run storage:sweep` (issue 29 follow-up, docs/storage.md "Sweeping orphans"): objects no row
 * names and older than the limit are listed by a dry run, deleted with --delete; objects a row names,
 * younger ones and those outside the document folders of the prefix are kept; the listing goes page by
 * page; the command refuses to run without STORAGE_URL.
 */
import { execFile } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referencedObjectKeys } from "../../server/storage";
import { ObjectStore } from "../../server/storage/s3";
import { sweepOrphans } from "../../server/storage/sweep";
import { type RunningS3, startS3 } from "../support/s3";
import { createSlot, validPassportData } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { jpegPart, multipart, pdfPart, pngPart, tinyPdf, type UploadPart } from "./uploads";

const run = promisify(execFile);
const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)("storage:sweep on %s", (dialect) => {
  const prefix = `sweep/${dialect}`;
  let s3: RunningS3;
  let t: TestApp;
  let store: ObjectStore;
  let admin: TestUser;
  /** Keys the database names: a passport's 3 documents, a demand letter's file, a user's 2 files. */
  let referenced: string[] = [];
  /** Objects the sweep must never look at: another prefix, a sibling prefix, another folder of this one. */
  const outside = [`elsewhere/users/passport/x`, `${prefix}-sibling/users/passport/y`, `${prefix}/other/z`, "users/passport/at-the-root"];

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(dialect, { maxUploadBytes: 256 * 1024, storage: s3.config(prefix) });
    store = new ObjectStore(s3.config(prefix));
    admin = await createUser(t, "sweep.admin", ["ADMIN"]);
    const superAdmin = await createUser(t, "sweep.super", ["SUPER_ADMIN"]);
    const agent = await createUser(t, "sweep.agent", ["AGENT"]);
    const { slotName } = await createSlot(t);
    const send = async (url: string, data: unknown, files: Record<string, UploadPart | string>, user = admin) => {
      const body = await multipart(data, files);
      const res = await call(t, user, { method: "POST", url, payload: body.payload, headers: body.headers });
      expect(res.statusCode, res.body).toBe(201);
    };
    await send("/api/passport/add", validPassportData(agent.id, slotName), { passport: pdfPart("passport.pdf", tinyPdf("passport")), recentPic: pngPart(), nid: jpegPart() });
    const employer = await call(t, admin, { method: "POST", url: "/api/employers", payload: { name: "Sweep Employer", country: "Oman", licenceNo: "LIC-SWEEP" } });
    const letter = { employerId: employer.json().id, referenceNo: "DL-SWEEP", country: "Oman", jobTitle: "Cook", workersRequested: 1, monthlySalary: 30000, issueDate: "2026-01-10", expiryDate: "2026-07-10" };
    await send("/api/demand-letters", undefined, { ...Object.fromEntries(Object.entries(letter).map(([k, v]) => [k, String(v)])), letter: pdfPart("letter.pdf", tinyPdf("letter")) });
    const user = { username: "swept_user", contactNumber: "01712345678", emergencyContactNumber: "01898765432", email: "swept@agency.test", password: "secret1", address: "Dhaka", nidNo: "19901234567", passportNo: "EB7654321" };
    await send("/auth/signup", user, { passport: pdfPart("p.pdf", tinyPdf("user passport")), nid: pdfPart("n.pdf", tinyPdf("user nid")) }, superAdmin);
    for await (const object of referencedObjectKeys(t.db)) referenced.push(object.key);
    referenced = referenced.sort();
    for (const key of outside) await store.put(key, Buffer.from("not a document"), "text/plain");
  });
  afterAll(async () => {
    store?.close();
    await t?.close();
    await s3?.stop();
  });

  /** Puts an object no row names in one of the document folders. */
  const orphan = async (...place: string[]) => {
    const key = store.newKey(...place);
    await store.put(key, Buffer.from(`orphan ${key}`), "application/pdf");
    return key;
  };
  const everyKey = () => s3.keys();

  it("lists old orphans in a dry run without deleting them, deletes them with delete, keeps the objects rows name, young ones and those outside", async () => {
    expect(referenced).toHaveLength(6);
    expect(await s3.keys(prefix)).toEqual([...referenced, `${prefix}/other/z`].sort());
    const old = [await orphan("passports", "passport"), await orphan("records", "demand-letters", "letter"), await orphan("users", "nid")];
    await sleep(2500); // S3's LastModified counts whole seconds
    const young = await orphan("users", "passport");
    const before = await everyKey();
    const limit = { olderThanMs: 2000 }; // the old ones are 2.5 s older than the young one

    const found: string[] = [];
    const dry = await sweepOrphans(t.db, store, { ...limit, onOrphan: (o) => found.push(o.key) });
    expect(found.sort()).toEqual([...old].sort());
    expect(dry).toMatchObject({ listed: 10, referenced: 6, young: 1, orphans: 3, deleted: 0, failed: 0 });
    expect(dry.orphanBytes).toBe(old.reduce((n, key) => n + `orphan ${key}`.length, 0));
    expect(await everyKey()).toEqual(before);

    // The default limit (24 h): all of them are too young to be orphans.
    expect(await sweepOrphans(t.db, store, { delete: true })).toMatchObject({ listed: 10, young: 4, orphans: 0, deleted: 0 });
    expect(await everyKey()).toEqual(before);

    const swept = await sweepOrphans(t.db, store, { ...limit, delete: true });
    expect(swept).toMatchObject({ orphans: 3, deleted: 3, deletedBytes: dry.orphanBytes, failed: 0 });
    expect(await everyKey()).toEqual(before.filter((key) => !old.includes(key)));
    expect(await s3.keys(prefix)).toEqual([...referenced, young, `${prefix}/other/z`].sort());
    for (const key of outside) expect(await s3.read(key)).toEqual(Buffer.from("not a document"));

    // Once the young one is old, it goes too; the rows' objects stay.
    expect(await sweepOrphans(t.db, store, { delete: true, now: new Date(Date.now() + 2 * DAY) })).toMatchObject({ orphans: 1, deleted: 1 });
    expect(await s3.keys(prefix)).toEqual([...referenced, `${prefix}/other/z`].sort());
    const res = await call(t, admin, { method: "GET", url: `/api/passport/1/get-attachments` });
    expect(res.statusCode).toBe(200);
  });

  it("goes through the listing page by page, looking each page's keys up in the database", async () => {
    const orphans = [];
    for (let i = 0; i < 7; i++) orphans.push(await orphan(["passports", "records", "users"][i % 3], "x"));
    const pages: number[] = [];
    const listPages = store.listPages.bind(store);
    const counting = Object.assign(Object.create(store), {
      async *listPages(folder?: string, pageSize?: number) {
        for await (const page of listPages(folder, pageSize)) {
          pages.push(page.length);
          yield page;
        }
      },
    }) as ObjectStore;
    const later = { now: new Date(Date.now() + 2 * DAY) };
    const dry = await sweepOrphans(t.db, counting, { ...later, pageSize: 2 });
    expect(dry).toMatchObject({ listed: 13, referenced: 6, orphans: 7 });
    expect(pages.every((n) => n <= 2)).toBe(true);
    expect(pages.reduce((a, b) => a + b, 0)).toBe(13);
    expect(pages.length).toBeGreaterThanOrEqual(7);

    pages.length = 0;
    expect(await sweepOrphans(t.db, counting, { ...later, pageSize: 2, delete: true })).toMatchObject({ listed: 13, orphans: 7, deleted: 7 });
    expect(await s3.keys(prefix)).toEqual([...referenced, `${prefix}/other/z`].sort());
    await expect(sweepOrphans(t.db, store, { pageSize: 1001 })).rejects.toThrow("pageSize must be 1 to 1000");
  });

  it("runs as npm run storage:sweep with the server's settings: a dry run, then --delete; refuses to run without STORAGE_URL", async () => {
    const key = await orphan("users", "nid");
    const env = { ...process.env, DATABASE_URL: t.config.databaseUrl, ...s3.env(prefix), AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" };
    const command = (args: string[], extra: Record<string, string> = {}) => run("node_modules/.bin/tsx", ["scripts/storage-sweep.ts", ...args], { env: { ...env, ...extra } });

    const young = await command([]);
    expect(young.stdout).toContain(`Listing (dry run) objects under s3://${s3.bucket}/${prefix} that no row names, older than 24 h`);
    expect(young.stdout).toContain("Listed 7 object(s): 6 named by a row, 1 newer than the limit (kept), 0 orphan(s)");
    expect(young.stdout).not.toContain(key);

    const dry = await command(["--older-than", "0m"]);
    expect(dry.stdout).toMatch(new RegExp(`orphan ${key}\\t\\d+ bytes\\t\\d{4}-\\d\\d-\\d\\dT`));
    expect(dry.stdout).toContain("1 orphan(s)");
    expect(dry.stdout).toContain("Dry run: nothing was deleted");
    expect(await s3.keys(prefix)).toContain(key);

    const swept = await command(["--older-than", "0m", "--delete"]);
    expect(swept.stdout).toMatch(/Deleted 1 orphan\(s\), \d+ bytes \(0\.0 MiB\) freed\./);
    expect(await s3.keys(prefix)).toEqual([...referenced, `${prefix}/other/z`].sort());

    // Against a database that names no object (the wrong one), --delete refuses and deletes nothing.
    const empty = await createTestApp(dialect);
    try {
      const before = await everyKey();
      await expect(command(["--older-than", "0m", "--delete"], { DATABASE_URL: empty.config.databaseUrl })).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining("The database names no stored object"),
      });
      expect(await everyKey()).toEqual(before);
    } finally {
      await empty.close();
    }

    await expect(command(["--older-than", "soon"])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("--older-than must be") });
    await expect(command(["--force"])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("Usage: npm run storage:sweep") });
    await expect(command([], { STORAGE_URL: "", S3_ENDPOINT: "" })).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("STORAGE_URL is not set") });
  }, 120_000); // processes that each load tsx
});
