/**
 * The order of a write with stored files (docs/storage.md "The order of writes"), on an in-memory
 * object store: objects first, then the write; a failed put or write leaves no object; objects the
 * write dropped go after it, and a delete that fails is reported, not thrown.
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
});
