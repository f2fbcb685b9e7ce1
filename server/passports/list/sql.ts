/** Small pieces of SQL the passport queries share. */
import { type Expression, type SqlBool, sql } from "kysely";

/** `column in (values...)`; the caller handles an empty list. */
export const inList = (column: string, values: readonly (string | number)[]) =>
  sql<SqlBool>`${sql.ref(column)} in (${sql.join(values.map((v) => sql`${v}`))})`;

/** The conditions joined with `and`; none is `1 = 1`. */
export const and = (where: Expression<SqlBool>[]) => (where.length ? sql<SqlBool>`${sql.join(where, sql` and `)}` : sql<SqlBool>`1 = 1`);
