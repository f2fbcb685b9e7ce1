/**
 * The declared resources' tables, as Kysely types read from the declarations themselves
 * (src/resources/declared.ts): no declared table is written out by hand. A column is named by
 * `columnOf` (snake case), a table by `tableOf`; these types spell the same rules at the type level.
 * The migrations that build the tables are generated from the same declarations (docs/resources.md).
 */
import type { ColumnType, Generated } from "kysely";
import type { DECLARED_RESOURCES } from "../../src/resources/declared";
import type { Field } from "../../src/resources/model";

/** "expiryDate" → "expiry_date", as columnOf does. */
type Snake<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${Snake<Rest>}`
  : "";

/** "visa-quotas" → "visa_quotas", as tableOf does. */
type Underscored<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Underscored<B>}` : S;

type TableNameOf<R> = R extends { table: infer T extends string } ? T : R extends { name: infer N extends string } ? Underscored<N> : never;

/** ISO date-time: text in SQLite, timestamptz in PostgreSQL (a Date when read); see values.ts. */
type Timestamp<Null extends null | never> = ColumnType<string | Date | Null, string | Null, string | Null>;

/** A field's column. Optional fields hold null; booleans are never null (false unless set). */
type ColumnOf<F extends Field> = F extends { kind: "boolean" }
  ? ColumnType<boolean | number, number | undefined, number>
  : F extends { kind: "dateTime" }
    ? Timestamp<F extends { required: true } ? never : null>
    : F extends { required: true }
      ? ValueOf<F>
      : ValueOf<F> | null;

type ValueOf<F extends Field> = F extends { kind: "number" | "money" | "reference" }
  ? number
  : F extends { kind: "enum"; values: readonly (infer V extends string)[] }
    ? V
    : string;

/** The declared fields (the declaration type's `Record<string, Field>` index left out). */
type FieldColumns<Fields> = {
  [K in keyof Fields as string extends K ? never : Fields[K] extends { kind: "file" } ? never : Snake<K & string>]: Fields[K] extends Field ? ColumnOf<Fields[K]> : never;
};

/** created_at, updated_at and created_by, unless the declaration says `systemColumns: false`. */
interface SystemColumns {
  created_at: Timestamp<never>;
  updated_at: Timestamp<never>;
  created_by: number | null;
}

type TableOf<R> = R extends { fields: infer Fields }
  ? { id: Generated<number> } & FieldColumns<Fields> & (R extends { systemColumns: false } ? unknown : SystemColumns)
  : never;

type Declared = (typeof DECLARED_RESOURCES)[number];

export type DeclaredDB = { [R in Declared as TableNameOf<R>]: TableOf<R> };
