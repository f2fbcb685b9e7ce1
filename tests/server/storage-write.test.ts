/**
 * The order of a write with stored files (docs/storage.md "The order of writes"), on an in-memory
 * object store: objects first, then the write; a failed put or write leaves no object; objects the
 * write dropped go after it, and a delete that fails is reported, not thrown. Files streamed while
 * their request was read are the write's once it takes them; until then a failed request deletes them.
 */
import { describe, expect, it } from "vitest";
import type { UploadedFile } from "../../server/http/multipart";
import { DocumentStorage, type FileToStore } from "../../server/storage";
import { ObjectStore } from "../../server/storage/s3";

class MemoryStore extends ObjectStore {
  readonly objects = new Map<string, Buffer>();
  failPutOf?: string;
  failDeletes = false;
  constructor() {
    super({ bucket: "memory", prefix: "p", region: "us-east-1", endpoint: "http://127.0.0.1:9", credentials: { accessKeyId: "x", secretAccessKey: "x" } });
  }
  override async put(key: string, bytes: Buffer): Promise<void> {
    if (this.failPutOf && key.includes(`/${this.failPutOf}/`)) throw new Error("PUT refused");
    this.objects.set(key, bytes);
  }
  override async putStream(key: string, body: AsyncIterable<Buffer>): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk);
    this.objects.set(key, Buffer.concat(chunks));
  }
  override async delete(key: string): Promise<void> {
    if (this.failDeletes) throw new Error("DELETE refused");
    this.objects.delete(key);
  }
}

const file = (text: string): UploadedFile => ({ fileName: `${text}.pdf`, contentType: "application/pdf", size: text.length, sha256: "0".repeat(64), bytes: Buffer.from(text) });
const files = (...kinds: string[]) => new Map<string, FileToStore>(kinds.map((kind) => [kind, { file: file(kind), place: ["passports", kind] }]));

describe("a write with stored files", () => {
  it("puts the objects before the write, which sees their keys and an empty blob", async () => {
    const store = new MemoryStore();
    const storage = new DocumentStorage(store);
    const seen = await storage.write(files("passport", "nid"), async (stored) => {
      expect(store.objects.size).toBe(2);
      return ["passport", "nid"].map((kind) => stored.columns(kind));
    });
    expect(seen.map((c) => c.bytes.length)).toEqual([0, 0]);
    expect(seen.map((c) => c.object_key).sort()).toEqual([...store.objects.keys()].sort());
    expect(seen[0].object_key).toMatch(/^p\/passports\/passport\/[0-9a-f-]{36}$/);
  });

  it("keeps the bytes in the row, and puts nothing, when STORAGE_URL is unset", async () => {
    const storage = new DocumentStorage(undefined);
    const columns = await storage.write(files("passport"), async (stored) => stored.columns("passport"));
    expect(columns).toEqual({ bytes: Buffer.from("passport"), object_key: null });
  });

  it("deletes the objects already put when another put fails, and does not run the write", async () => {
    const store = new MemoryStore();
    store.failPutOf = "nid";
    let ran = false;
    await expect(new DocumentStorage(store).write(files("passport", "nid"), async () => (ran = true))).rejects.toThrow("PUT refused");
    expect(ran).toBe(false);
    expect(store.objects.size).toBe(0);
  });

  it("deletes the objects put for a write that fails", async () => {
    const store = new MemoryStore();
    await expect(
      new DocumentStorage(store).write(files("passport"), async (stored) => {
        stored.columns("passport");
        throw new Error("409 inside the transaction");
      }),
    ).rejects.toThrow("409 inside the transaction");
    expect(store.objects.size).toBe(0);
  });

  it("deletes the objects the write dropped only after it returned, and reports a delete that fails", async () => {
    const store = new MemoryStore();
    store.objects.set("p/passports/passport/old", Buffer.from("old"));
    const warnings: string[] = [];
    const storage = new DocumentStorage(store, (message) => warnings.push(message));
    await storage.write(files("passport"), async (stored) => {
      stored.columns("passport");
      stored.drop(["p/passports/passport/old", null]);
      expect(store.objects.has("p/passports/passport/old")).toBe(true);
    });
    expect(store.objects.has("p/passports/passport/old")).toBe(false);
    expect(store.objects.size).toBe(1);

    store.failDeletes = true;
    const [kept] = store.objects.keys();
    const result = await storage.write(new Map(), async (stored) => {
      stored.drop([kept]);
      return "committed";
    });
    expect(result).toBe("committed");
    expect(warnings).toEqual([`Object ${kept} could not be deleted and is left orphaned: DELETE refused`]);
  });

  it("takes files streamed while the request was read as they are; a request that fails deletes those no write took", async () => {
    const store = new MemoryStore();
    const storage = new DocumentStorage(store);
    const request = {};
    expect(new DocumentStorage(undefined).sinkFor(request, (f) => ["passports", f])).toBeUndefined();
    const sink = storage.sinkFor(request, (field) => ["passports", field])!;
    async function* body(text: string) {
      yield Buffer.from(text);
    }
    const streamed = async (kind: string) => ({ ...file(kind), bytes: Buffer.alloc(0), stored: await sink.store(kind, "application/pdf", body(kind)) });
    const taken = await streamed("passport");
    const left = await streamed("nid");
    expect([...store.objects.values()].map(String).sort()).toEqual(["nid", "passport"]);

    // The write takes the passport's object, puts nothing more, and deletes it when it fails.
    const put = new Map<string, FileToStore>([["passport", { file: taken, place: ["passports", "passport"] }]]);
    const failing = storage.write(put, async (stored) => {
      expect(stored.columns("passport")).toEqual({ bytes: Buffer.alloc(0), object_key: taken.stored.key });
      expect(store.objects.size).toBe(2);
      throw new Error("409 inside the transaction");
    });
    await expect(failing).rejects.toThrow("409 inside the transaction");
    expect([...store.objects.keys()]).toEqual([left.stored.key]);

    // The request's failure deletes the object no write took, once.
    await storage.discardUploads(request);
    expect(store.objects.size).toBe(0);
    await storage.discardUploads(request);
    await storage.discardUploads({});
  });

  it("keeps a streamed file's object once its write has committed, whatever the request does next", async () => {
    const store = new MemoryStore();
    const storage = new DocumentStorage(store);
    const request = {};
    const sink = storage.sinkFor(request, (field) => ["users", field])!;
    async function* body() {
      yield Buffer.from("scan");
    }
    const scan = { ...file("scan"), bytes: Buffer.alloc(0), stored: await sink.store("passport", "application/pdf", body()) };
    await storage.write(new Map([["passport", { file: scan, place: ["users", "passport"] }]]), async (stored) => stored.columns("passport"));
    await storage.discardUploads(request);
    expect([...store.objects.keys()]).toEqual([scan.stored.key]);
    expect(scan.stored.key).toMatch(/^p\/users\/passport\/[0-9a-f-]{36}$/);
  });
});
