/** What a backup file holds, told by its first bytes rather than its name. */
import { open } from "node:fs/promises";
import type { Dialect } from "../db/database";

const SQLITE_HEADER = Buffer.from("SQLite format 3\0", "latin1");
/** pg_dump's custom format (`--format=custom`) starts with these five bytes. */
const PG_DUMP_HEADER = Buffer.from("PGDMP", "latin1");

/** The database a backup file is of, or undefined when it is neither a SQLite file nor a pg_dump custom archive. */
export async function backupKindOf(file: string): Promise<Dialect | undefined> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes.equals(SQLITE_HEADER)) return "sqlite";
    if (bytes.subarray(0, PG_DUMP_HEADER.length).equals(PG_DUMP_HEADER)) return "postgres";
    return undefined;
  } finally {
    await handle.close();
  }
}

export const KIND_NAMES: Record<Dialect, string> = { sqlite: "SQLite", postgres: "PostgreSQL" };
