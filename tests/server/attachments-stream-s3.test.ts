/**
 * get-attachments from object storage (issue 29 item 3) keeps today's bound (attachments-stream.test.ts
 * for the database): each object is read as a stream, only as fast as the reply is taken, and encoded
 * in pieces of 64 KiB of base64 that join into the whole file; the per-user limit still holds.
 */
import { randomBytes } from "node:crypto";
import { type ClientRequest, type IncomingMessage, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentsReplyJson, PIECE_BYTES } from "../../server/passports/documents";
import { DocumentStorage } from "../../server/storage";
import { ObjectStore } from "../../server/storage/s3";
import { DOCUMENT_KINDS } from "../../src/contract";
import { type RunningS3, startS3 } from "../support/s3";
import { createSlot, validPassportData } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";
import { multipart, tinyPdf, tinyPng } from "./uploads";

const MB = 1024 * 1024;

/** An object store that counts the bytes its readers have taken from the bucket's replies. */
class CountingStore extends ObjectStore {
  taken = 0;
  override async read(key: string): Promise<Readable> {
    const source = await super.read(key);
    const count = (n: number) => (this.taken += n);
    async function* counted() {
      for await (const chunk of source) {
        count(chunk.length);
        yield chunk;
      }
    }
    // One chunk read ahead at most, as the reply reads the SDK's stream.
    return Readable.from(counted(), { objectMode: true, highWaterMark: 1 });
  }
}

/** A 2 MB file of the type file-type finds in its first bytes (a PDF, or a PNG for the photo), then random bytes. */
const bigFile = (head: Buffer) => Buffer.concat([head, randomBytes(2 * MB - head.length)]);

describe.each(DIALECTS)("get-attachments from object storage on %s", (dialect) => {
  const prefix = `stream/${dialect}`;
  let s3: RunningS3;
  let t: TestApp;
  let admin: TestUser;
  let agent: TestUser;
  let slotName: string;
  let numbers = 0;

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(dialect, { maxUploadBytes: 3 * MB, storage: s3.config(prefix), limits: { attachmentRepliesPerUser: 2 } });
    admin = await createUser(t, "stream.admin", ["ADMIN"]);
    agent = await createUser(t, "stream.agent", ["AGENT"]);
    slotName = (await createSlot(t)).slotName;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  /** A passport of the agent with eight 2 MB documents (16 MB), uploaded through the API. */
  async function passportWithEightDocuments(): Promise<{ id: number; files: Map<string, Buffer> }> {
    const files = new Map(DOCUMENT_KINDS.map((k) => [k.field as string, bigFile(k.field === "recentPic" ? tinyPng() : tinyPdf("big"))]));
    const data = { ...validPassportData(agent.id, slotName), passportNo: `ES${String(++numbers).padStart(7, "0")}` };
    const body = await multipart(data, Object.fromEntries([...files].map(([field, bytes]) => [field, { bytes, fileName: fileNameOf(field), contentType: contentTypeOf(field) }])));
    const res = await call(t, admin, { method: "POST", url: "/api/passport/add", payload: body.payload, headers: body.headers });
    expect(res.statusCode, res.body).toBe(201);
    return { id: res.json().replyMessage.id, files };
  }

  const fileNameOf = (field: string) => (field === "recentPic" ? "recentPic.png" : `${field}.pdf`);
  const contentTypeOf = (field: string) => (field === "recentPic" ? "image/png" : "application/pdf");
  const expectedReply = (files: Map<string, Buffer>) =>
    JSON.stringify({
      success: true,
      replyMessage: Object.fromEntries(
        DOCUMENT_KINDS.map((k) => {
          const bytes = files.get(k.field);
          return [k.replyKey, bytes ? { contentType: contentTypeOf(k.field), data: bytes.toString("base64"), fileName: fileNameOf(k.field) } : null];
        }),
      ),
      message: null,
      errorMessage: null,
    });

  it("reads each object only as far as the reply has been taken, in pieces of 64 KiB of base64 that make the whole reply", async () => {
    const { id, files } = await passportWithEightDocuments();
    expect(files.size).toBe(8);
    expect((await s3.keys(prefix)).length).toBeGreaterThanOrEqual(8);
    const store = new CountingStore(s3.config(prefix));
    const reply = attachmentsReplyJson(t.db, id, new DocumentStorage(store));
    const pieces: string[] = [];
    // Take the first 16 pieces of data (1 MB of base64, 768 KiB of bytes), then look.
    while (pieces.filter((p) => p.length === (PIECE_BYTES / 3) * 4).length < 16) pieces.push((await reply.next()).value as string);
    expect(store.taken).toBeLessThan(16 * PIECE_BYTES + 512 * 1024);
    for await (const piece of reply) pieces.push(piece);
    store.close();
    expect(Math.max(...pieces.map((p) => p.length))).toBe(64 * 1024);
    expect(store.taken).toBe(8 * 2 * MB);
    expect(pieces.join("")).toBe(expectedReply(files));
  });

  describe("over HTTP", () => {
    let url: string;
    const held: { req: ClientRequest; res?: IncomingMessage }[] = [];
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => held.forEach((h) => h.req.destroy()));

    const startHeld = (id: number, user: TestUser) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${url}/api/passport/${id}/get-attachments`, { headers: { authorization: `Bearer ${user.token}` } }, (res) => {
          res.pause();
          held.push({ req, res });
          resolve(res.statusCode ?? 0);
        });
        req.on("error", reject);
        req.end();
      });

    it("streams the reply: the same bytes as uploaded, read to the end by a client", async () => {
      const { id, files } = await passportWithEightDocuments();
      const body = await new Promise<string>((resolve, reject) => {
        httpRequest(`${url}/api/passport/${id}/get-attachments`, { headers: { authorization: `Bearer ${agent.token}` } }, (res) => {
          expect(res.statusCode).toBe(200);
          expect(res.headers["transfer-encoding"]).toBe("chunked");
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
          res.on("error", reject);
        })
          .on("error", reject)
          .end();
      });
      expect(body).toBe(expectedReply(files));
    });

    it("lets a user have two replies in flight; a third answers 429; a client that goes away frees its slot", async () => {
      const { id } = await passportWithEightDocuments();
      expect(await startHeld(id, agent)).toBe(200);
      expect(await startHeld(id, agent)).toBe(200);
      const third = await call(t, agent, { method: "GET", url: `/api/passport/${id}/get-attachments` });
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false, errorMessage: "Too many attachment downloads at once; please wait for one to finish" });
      held.splice(0).forEach((h) => h.req.destroy());
      await expect.poll(async () => (await call(t, agent, { method: "GET", url: `/api/passport/${id}/get-attachments` })).statusCode, { timeout: 10_000 }).toBe(200);
    });
  });
});
