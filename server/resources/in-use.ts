/**
 * A record other records use is not deleted: those of declared resources whose reference field points
 * at it, and rows of the tables its declaration lists in `usedBy` (passports use slots). The delete
 * answers 409 with the declaration's `texts.inUse` ("{title} is used by {count} {what}"). Counted in
 * the delete's transaction after the record is locked (FOR UPDATE on PostgreSQL, which conflicts with
 * the key-share lock an insert referencing it takes; SQLite runs one transaction at a time), so nothing
 * starts using it between the count and the delete.
 */
import { englishText } from "../../src/i18n/local-text";
import { type Kysely, sql } from "kysely";
import { type AnyDataResource, columnOf, fillText, tableOf, textsOf } from "../../src/resources/model";
import { fromDbCount } from "../db/values";
import { conflict } from "../http/errors";
import { type Row, fromColumnValue } from "./columns";

interface Use {
  table: string;
  column: string;
  what: (count: number) => string;
}

/** Who may use a record of `resource`: the declared references to it, then its `usedBy` tables. */
export function usesOf(resource: AnyDataResource, resources: readonly AnyDataResource[]): Use[] {
  const references = resources.flatMap((other) =>
    Object.entries(other.fields)
      .filter(([, f]) => f.kind === "reference" && f.to === resource.name)
      .map(([name]) => ({
        table: tableOf(other),
        column: columnOf(name),
        what: (count: number) => (count === 1 ? englishText(other.label.one) : englishText(other.label.many)).toLowerCase(),
      })),
  );
  const tables = (resource.usedBy ?? []).map(({ table, column, what }) => ({ table, column, what: () => englishText(what) }));
  return [...references, ...tables];
}

export async function assertNotInUse(trx: Kysely<any>, resource: AnyDataResource, resources: readonly AnyDataResource[], row: Row): Promise<void> {
  for (const use of usesOf(resource, resources)) {
    let query = trx
      .selectFrom(use.table)
      .select((eb) => eb.fn.countAll().as("n"))
      .where(sql<boolean>`${sql.ref(use.column)} = ${row.id}`);
    // A record referring to itself does not keep itself.
    if (use.table === tableOf(resource)) query = query.where("id", "<>", row.id);
    const count = fromDbCount((await query.executeTakeFirstOrThrow()).n);
    if (count > 0) {
      const title = fromColumnValue(resource.fields[resource.title], row[columnOf(resource.title)]);
      throw conflict(fillText(textsOf(resource).inUse, { title: String(title), count, what: use.what(count) }));
    }
  }
}
