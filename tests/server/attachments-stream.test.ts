/**
 * get-attachments streamed (issue 11 point 3): the same JSON bytes as a reply built whole, read and
 * encoded in slices of bounded size, and at most a few replies in flight per user (429 beyond).
 */
import { randomBytes } from "node:crypto";
import { request as httpRequest, type IncomingMessage, type ClientRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentsReplyJson, PIECE_BYTES, SLICE_BYTES } from "../../server/passports/documents";
import { DOCUMENT_KINDS } from "../../src/contract";
import { createSlot, insertPassport } from "./fixtures";
import { call, createTestApp, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

/** The reply as it was built before streaming: every file read whole and encoded at once. */
async function replyBuiltWhole(t: TestApp, passportId: number): Promise<string> {
  const rows = await t.db.selectFrom("passport_documents").select(["kind", "file_name", "content_type", "bytes"]).where("passport_id", "=", passportId).execute();
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  const replyMessage = Object.fromEntries(
    DOCUMENT_KINDS.map((k) => {
      const row = byKind.get(k.field);
      return [k.replyKey, row ? { contentType: row.content_type, data: Buffer.from(row.bytes).toString("base64"), fileName: row.file_name } : null];
    }),
  );
  return JSON.stringify({ success: true, replyMessage, message: null, errorMessage: null });
}

async function insertDocument(t: TestApp, passportId: number, kind: string, bytes: Buffer, fileName = `${kind}.pdf`, contentType = "application/pdf") {
  await t.db
    .insertInto("passport_documents")
    .values({ passport_id: passportId, kind, file_name: fileName, content_type: contentType, size: bytes.length, sha256: "0".repeat(64), bytes, created_at: new Date().toISOString() })
    .execute();
}

describe.each(DIALECTS)("get-attachments streamed on %s", (dialect) => {
  let t: TestApp;
  let agent: TestUser;
  let otherAgent: TestUser;
  let slotId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect, { limits: { attachmentRepliesPerUser: 2 } });
    agent = await createUser(t, "agent", ["AGENT"]);
    otherAgent = await createUser(t, "agent2", ["AGENT"]);
    slotId = (await createSlot(t)).id;
  });
  afterAll(() => t.close());

  const attachments = (id: number, user = agent) => call(t, user, { method: "GET", url: `/api/passport/${id}/get-attachments` });

  it("answers byte for byte the reply built whole, for sizes around the slice and names that JSON escapes", async () => {
    const id = await insertPassport(t, { agentId: agent.id, slotId });
    const sizes = [1, SLICE_BYTES - 1, SLICE_BYTES, SLICE_BYTES + 1, 2 * SLICE_BYTES + 2, 0];
    const kinds = DOCUMENT_KINDS.map((k) => k.field);
    for (const [i, size] of sizes.entries()) {
      await insertDocument(t, id, kinds[i], randomBytes(size), i === 0 ? 'বাংলা "quoted" \\ name\u2028.pdf' : `${kinds[i]}.pdf`, i === 1 ? "image/png" : "application/pdf");
    }
    const res = await attachments(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.body).toBe(await replyBuiltWhole(t, id));
    expect(res.json().replyMessage.bankStatementPDF).toBeNull(); // kinds without a file stay null
  });

  it("encodes each document in pieces of 64 KiB of base64 at most", async () => {
    const id = await insertPassport(t, { agentId: agent.id, slotId });
    await insertDocument(t, id, "passport", randomBytes(3 * SLICE_BYTES + 5));
    await insertDocument(t, id, "nid", randomBytes(SLICE_BYTES + 7));
    const pieces: string[] = [];
    for await (const piece of attachmentsReplyJson(t.db, id)) pieces.push(piece);
    const full = (PIECE_BYTES / 3) * 4;
    expect(full).toBe(64 * 1024);
    expect(Math.max(...pieces.map((p) => p.length))).toBe(full);
    expect(pieces.filter((p) => p.length === full).length).toBe(Math.floor((3 * SLICE_BYTES + 5) / PIECE_BYTES) + Math.floor((SLICE_BYTES + 7) / PIECE_BYTES));
    expect(pieces.join("")).toBe(await replyBuiltWhole(t, id));
  });

  describe("replies in flight", () => {
    let url: string;
    const held: { req: ClientRequest; res?: IncomingMessage }[] = [];
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => held.forEach((h) => h.req.destroy()));

    /** Starts a get-attachments and reads only its status, leaving the body unread (the server waits). */
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

    it("lets a user have two replies in flight; a third answers 429 with Retry-After; other users are not affected", async () => {
      // Large enough that neither the socket nor the client's buffers can take the whole reply.
      const id = await insertPassport(t, { agentId: agent.id, slotId });
      for (const kind of ["passport", "nid", "educational", "bankStatement"]) await insertDocument(t, id, kind, randomBytes(4 * 1024 * 1024));
      const otherId = await insertPassport(t, { agentId: otherAgent.id, slotId });

      expect(await startHeld(id, agent)).toBe(200);
      expect(await startHeld(id, agent)).toBe(200);
      const third = await attachments(id);
      expect(third.statusCode).toBe(429);
      expect(third.headers["retry-after"]).toBe("2");
      expect(third.json()).toEqual({
        success: false,
        replyMessage: null,
        message: null,
        errorMessage: "Too many attachment downloads at once; please wait for one to finish",
        errorCode: "tooManyDownloads",
      });
      expect((await attachments(otherId, otherAgent)).statusCode).toBe(200);

      // A client that goes away frees its slot.
      held.splice(0).forEach((h) => h.req.destroy());
      await expect.poll(async () => (await attachments(id)).statusCode, { timeout: 10_000 }).toBe(200);
    });
  });
});
