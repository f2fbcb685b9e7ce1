/** Every object the database names, for a backup's manifest of the objects it needs (issue 29 item 4). */
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { DOCUMENT_TABLES, type DocumentTable } from "./database";

export interface ReferencedObject {
  table: DocumentTable;
  id: number;
  key: string;
  size: number;
  sha256: string;
}

/** Each row whose file is an object, table by table in id order, read a batch at a time. */
export async function* referencedObjectKeys(db: Kysely<DB>, batch = 1000): AsyncGenerator<ReferencedObject> {
  for (const table of DOCUMENT_TABLES) {
    let after = 0;
    for (;;) {
      const rows = await (db as Kysely<any>)
        .selectFrom(table)
        .select(["id", "object_key", "size", "sha256"])
        .where("object_key", "is not", null)
        .where("id", ">", after)
        .orderBy("id")
        .limit(batch)
        .execute();
      for (const row of rows) yield { table, id: Number(row.id), key: row.object_key, size: Number(row.size), sha256: row.sha256 };
      if (rows.length < batch) break;
      after = Number(rows[rows.length - 1].id);
    }
  }
}
