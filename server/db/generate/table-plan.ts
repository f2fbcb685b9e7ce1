/**
 * The table a declaration needs, column by column and index by index, as SQL for each database
 * (docs/resources.md "From a declaration to a table"). The migration generator writes what of it is
 * missing into a migration file; nothing reads this at run time.
 */
import { englishText } from "../../../src/i18n/local-text";
import {
  type AnyDataResource,
  type Field,
  columnOf,
  grantsOf,
  hasSystemColumns,
  isSearchable,
  isSortable,
  isTextKind,
  RESOURCE_ACTIONS,
  tableOf,
} from "../../../src/resources/model";

/** Statements per database; one of them may be absent (an index PostgreSQL alone has). */
export interface DialectSql {
  sqlite?: string;
  postgres?: string;
}

export interface ColumnPlan {
  name: string;
  /** The column's definition in `create table` and `add column`, per database. */
  sqlite: string;
  postgres: string;
  /** Whether `not null` is part of the definition (a column added later is created without it). */
  notNull: boolean;
  /** The SQLite type affinity the column has, to tell a changed kind. */
  sqliteType: "integer" | "text";
}

export interface IndexPlan {
  name: string;
  /** The column it is for: created with the column. */
  column: string;
  statements: DialectSql;
}

export interface TablePlan {
  table: string;
  columns: ColumnPlan[];
  indexes: IndexPlan[];
  /** Whether PostgreSQL needs pg_trgm (a searchable field). */
  trigrams: boolean;
}

/** PostgreSQL's limit on names; longer ones would be cut short and could clash. */
const MAX_NAME = 63;

const quoted = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The table a reference points into: a declared resource's, or users (an owner field). */
function referencedTable(field: Field & { kind: "reference" }, resources: readonly AnyDataResource[], resource: AnyDataResource): string {
  if (field.to === "users") return "users";
  const target = resources.find((r) => r.name === field.to);
  if (!target) throw new Error(`${resource.name}: field "${englishText(field.label)}" refers to "${field.to}", which no declaration is named`);
  return tableOf(target);
}

function fieldColumn(name: string, field: Field, resource: AnyDataResource, resources: readonly AnyDataResource[]): ColumnPlan | undefined {
  const column = columnOf(name);
  const notNull = field.required === true;
  const nn = notNull ? " not null" : "";
  switch (field.kind) {
    case "file":
      return undefined; // record_files holds it
    case "text":
    case "longText":
      return { name: column, sqlite: `${column} text${nn}`, postgres: `${column} text${nn}`, notNull, sqliteType: "text" };
    case "number":
    case "money":
      return { name: column, sqlite: `${column} integer${nn}`, postgres: `${column} integer${nn}`, notNull, sqliteType: "integer" };
    case "date":
      return { name: column, sqlite: `${column} text${nn}`, postgres: `${column} date${nn}`, notNull, sqliteType: "text" };
    case "dateTime":
      return { name: column, sqlite: `${column} text${nn}`, postgres: `${column} timestamptz${nn}`, notNull, sqliteType: "text" };
    case "boolean":
      // Never null: an unset flag is false. better-sqlite3 binds no JS booleans, so SQLite holds 0/1.
      return {
        name: column,
        sqlite: `${column} integer not null default 0 check (${column} in (0, 1))`,
        postgres: `${column} boolean not null default false`,
        notNull: true,
        sqliteType: "integer",
      };
    case "enum": {
      const check = `check (${column} in (${field.values.map(quoted).join(", ")}))`;
      return { name: column, sqlite: `${column} text${nn} ${check}`, postgres: `${column} text${nn} ${check}`, notNull, sqliteType: "text" };
    }
    case "reference": {
      const references = `references ${referencedTable(field, resources, resource)} (id) on delete restrict`;
      return { name: column, sqlite: `${column} integer${nn} ${references}`, postgres: `${column} integer${nn} ${references}`, notNull, sqliteType: "integer" };
    }
  }
}

const SYSTEM_COLUMNS: ColumnPlan[] = [
  { name: "created_at", sqlite: "created_at text not null", postgres: "created_at timestamptz not null", notNull: true, sqliteType: "text" },
  { name: "updated_at", sqlite: "updated_at text not null", postgres: "updated_at timestamptz not null", notNull: true, sqliteType: "text" },
  {
    name: "created_by",
    sqlite: "created_by integer references users (id) on delete set null",
    postgres: "created_by integer references users (id) on delete set null",
    notNull: false,
    sqliteType: "integer",
  },
];

/** Whether any grant of the declaration is limited to the user's own records. */
const hasOwnGrants = (resource: AnyDataResource) => RESOURCE_ACTIONS.some((action) => grantsOf(resource, action).some((g) => g.own));

function fieldIndexes(table: string, name: string, field: Field): IndexPlan[] {
  const column = columnOf(name);
  const indexes: IndexPlan[] = [];
  // Lists order by the field then id: an index on both reads a page in order. References are counted
  // by the referenced record's delete and own-record lists filter by the owner: they get one too.
  if (isSortable(field) || field.filterable || field.kind === "reference") {
    indexes.push({
      name: `${table}_${column}_idx`,
      column,
      statements: {
        sqlite: `create index ${table}_${column}_idx on ${table} (${column}, id)`,
        // SQLite sorts nulls first; PostgreSQL is told to, so both answer one order (and this index serves it).
        postgres: `create index ${table}_${column}_idx on ${table} (${column} nulls first, id)`,
      },
    });
  }
  if (field.unique) {
    // Text is unique whatever its case: "Lic-12" and "LIC-12" are one value.
    const key = isTextKind(field) ? `lower(${column})` : column;
    const statement = `create unique index ${table}_${column}_key on ${table} (${key})`;
    indexes.push({ name: `${table}_${column}_key`, column, statements: { sqlite: statement, postgres: statement } });
  }
  if (isSearchable(field)) {
    indexes.push({
      name: `${table}_${column}_trgm`,
      column,
      // `q` and `_like` look for the value anywhere in lower(column); SQLite reads the table (small ones).
      statements: { postgres: `create index ${table}_${column}_trgm on ${table} using gin (lower(${column}) gin_trgm_ops)` },
    });
  }
  return indexes;
}

/** The table a declaration needs: every non-file field a column, its indexes, and the system columns. */
export function tablePlan(resource: AnyDataResource, resources: readonly AnyDataResource[]): TablePlan {
  const table = tableOf(resource);
  const fields = Object.entries(resource.fields);
  const columns: ColumnPlan[] = [
    { name: "id", sqlite: "id integer primary key autoincrement", postgres: "id integer primary key generated by default as identity", notNull: true, sqliteType: "integer" },
    ...fields.flatMap(([name, field]) => fieldColumn(name, field, resource, resources) ?? []),
    ...(hasSystemColumns(resource) ? SYSTEM_COLUMNS : []),
  ];
  const indexes = fields.flatMap(([name, field]) => (field.kind === "file" ? [] : fieldIndexes(table, name, field)));
  if (hasSystemColumns(resource)) {
    // Own-record lists without an owner field filter by the creator; deleting a user clears it.
    indexes.push({
      name: `${table}_created_by_idx`,
      column: "created_by",
      statements: {
        sqlite: `create index ${table}_created_by_idx on ${table} (created_by, id)`,
        postgres: `create index ${table}_created_by_idx on ${table} (created_by nulls first, id)`,
      },
    });
  }
  const tooLong = [table, ...columns.map((c) => c.name), ...indexes.map((i) => i.name)].find((name) => name.length > MAX_NAME);
  if (tooLong) throw new Error(`${resource.name}: the name ${tooLong} is longer than ${MAX_NAME} characters; shorten the field or give the declaration a shorter table`);
  if (hasOwnGrants(resource) && !resource.ownerField && !hasSystemColumns(resource)) {
    throw new Error(`${resource.name}: ":own" grants need an ownerField or the system columns (created_by)`);
  }
  return { table, columns, indexes, trigrams: fields.some(([, f]) => isSearchable(f)) };
}
