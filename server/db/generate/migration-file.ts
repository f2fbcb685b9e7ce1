/**
 * `npm run db:migration -- <resource>`: writes the migration a declaration needs now. A new table is
 * created whole; for a table that exists, the columns of fields added since and their indexes (and
 * indexes a field has gained) are added. The file imports only kysely and spells out its SQL for
 * SQLite and PostgreSQL; it is reviewed, committed and never edited again (a later change of the
 * declaration is a later migration). Nothing is dropped or changed: a column whose field was removed
 * or changed kind is reported, to be migrated by hand.
 */
import { englishText } from "../../../src/i18n/local-text";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { AnyDataResource } from "../../../src/resources/model";
import { type ExistingSchema, indexDefinition, readExistingSchema } from "./existing-schema";
import { type ColumnPlan, type DialectSql, type TablePlan, tablePlan } from "./table-plan";

export interface MigrationRequest {
  resource: AnyDataResource;
  /** Every declaration (references name their tables). */
  resources: readonly AnyDataResource[];
  /** Where the file is written: server/db/migrations, or a test's folder. */
  outputFolder: string;
  /** Folders of migrations besides server/db/migrations that the database runs (the output folder, when another). */
  extraFolders?: readonly string[];
  /** Where the declaration lives, for the file's comment. */
  source?: string;
}

export interface MigrationResult {
  /** The file written; undefined when the table is as declared already. */
  file?: string;
  /** What the file does, line by line, to print. */
  summary: string[];
  /** What the generator cannot do and a person should look at. */
  warnings: string[];
}

interface Statements {
  sqlite: string[];
  postgres: string[];
}

const push = (to: Statements, { sqlite, postgres }: DialectSql) => {
  if (sqlite) to.sqlite.push(sqlite);
  if (postgres) to.postgres.push(postgres);
};

function createTable(plan: TablePlan): Statements {
  const body = (dialect: "sqlite" | "postgres") => `create table ${plan.table} (\n${plan.columns.map((c) => `    ${c[dialect]}`).join(",\n")}\n  )`;
  const statements: Statements = { sqlite: [body("sqlite")], postgres: [body("postgres")] };
  if (plan.trigrams) statements.postgres.push("create extension if not exists pg_trgm");
  for (const index of plan.indexes) push(statements, index.statements);
  return statements;
}

/** A column added to a table with rows: without `not null`, which the rows already there could not meet. */
const addable = (column: ColumnPlan, dialect: "sqlite" | "postgres") =>
  column.notNull && !/ default /.test(column[dialect]) ? column[dialect].replace(" not null", "") : column[dialect];

function alterTable(plan: TablePlan, existing: ExistingSchema, warnings: string[]): { statements: Statements; added: string[] } {
  const present = existing.tables.get(plan.table)!;
  const statements: Statements = { sqlite: [], postgres: [] };
  const added: string[] = [];
  for (const column of plan.columns) {
    const found = present.find((c) => c.name === column.name);
    if (found) {
      if (found.type !== column.sqliteType) warnings.push(`${plan.table}.${column.name} is ${found.type} but its field now needs ${column.sqliteType}: migrate it by hand`);
      continue;
    }
    added.push(column.name);
    push(statements, { sqlite: `alter table ${plan.table} add column ${addable(column, "sqlite")}`, postgres: `alter table ${plan.table} add column ${addable(column, "postgres")}` });
    if (column.notNull && addable(column, "sqlite") !== column.sqlite) {
      warnings.push(`${plan.table}.${column.name} is added without "not null" (rows already there have no value); the API requires it from now on`);
    }
  }
  // An index is there under its name, or under another that holds the same (a hand-written migration's).
  const isThere = (index: TablePlan["indexes"][number]) =>
    existing.indexes.has(index.name) || (index.statements.sqlite !== undefined && existing.indexDefinitions.has(indexDefinition(index.statements.sqlite) ?? ""));
  const indexes = plan.indexes.filter((index) => !isThere(index));
  if (indexes.some((i) => i.statements.postgres?.includes("gin_trgm_ops"))) statements.postgres.push("create extension if not exists pg_trgm");
  for (const index of indexes) push(statements, index.statements);
  for (const column of present) {
    if (!plan.columns.some((c) => c.name === column.name)) warnings.push(`${plan.table}.${column.name} has no field any more; it is kept (drop it by hand if its data may go)`);
  }
  return { statements, added };
}

/** A string as a TypeScript literal: a template for readable multi-line SQL when nothing in it needs escaping. */
const literal = (text: string) => (/[`\\]|\$\{/.test(text) ? JSON.stringify(text) : `\`${text}\``);

const list = (statements: string[]) => (statements.length === 0 ? "[]" : `[\n${statements.map((s) => `  ${literal(s)},`).join("\n")}\n]`);

export function renderMigration(comment: string[], statements: Statements): string {
  return `import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts \`Dialect\`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
${comment.map((line) => ` * ${line}`.trimEnd()).join("\n")}
 */
const SQLITE = ${list(statements.sqlite)};

const POSTGRES = ${list(statements.postgres)};

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  for (const statement of dialect === "postgres" ? POSTGRES : SQLITE) await sql.raw(statement).execute(db);
}
`;
}

/** The number after the highest of the migrations run so far: "0016". */
const nextNumber = (migrations: string[]) =>
  String(Math.max(0, ...migrations.map((name) => Number(/^(\d+)_/.exec(name)?.[1] ?? 0))) + 1).padStart(4, "0");

export async function generateMigration(request: MigrationRequest): Promise<MigrationResult> {
  const { resource, resources, outputFolder } = request;
  const extraFolders = request.extraFolders ?? [];
  const plan = tablePlan(resource, resources);
  const existing = await readExistingSchema(extraFolders);
  for (const column of plan.columns) {
    const table = /references (\w+) \(id\)/.exec(column.sqlite)?.[1];
    if (table && table !== plan.table && !existing.tables.has(table)) {
      throw new Error(`${resource.name}.${column.name} refers to the table ${table}, which no migration creates yet: generate its migration first`);
    }
  }
  const warnings: string[] = [];
  const source = request.source ?? "src/resources";
  const generatedBy = `Generated by \`npm run db:migration -- ${resource.name}\` from its declaration (${source}).`;
  const frozen = "Reviewed, then frozen: a later change of the declaration is a later migration (docs/resources.md).";
  let statements: Statements;
  let name: string;
  let comment: string[];
  let summary: string[];
  if (!existing.tables.has(plan.table)) {
    statements = createTable(plan);
    name = plan.table;
    comment = [`${englishText(resource.label.many)}: the table ${plan.table}, its columns and indexes.`, generatedBy, frozen];
    summary = [`create table ${plan.table} (${plan.columns.map((c) => c.name).join(", ")})`, ...plan.indexes.map((i) => `index ${i.name}${i.statements.sqlite ? "" : " (PostgreSQL)"}`)];
  } else {
    const altered = alterTable(plan, existing, warnings);
    statements = altered.statements;
    if (statements.sqlite.length === 0 && statements.postgres.length === 0) return { summary: [`${plan.table} is as declared already: nothing to write`], warnings };
    name = altered.added.length > 0 ? `${plan.table}_add_${altered.added.join("_")}`.slice(0, 60).replace(/_+$/, "") : `${plan.table}_indexes`;
    const what = altered.added.length > 0 ? `the columns ${altered.added.join(", ")} and their indexes` : "the indexes its fields now need";
    comment = [`${englishText(resource.label.many)}: ${what}, added to ${plan.table}.`, generatedBy, frozen];
    summary = [...statements.sqlite, ...statements.postgres.filter((s) => !statements.sqlite.includes(s)).map((s) => `${s} (PostgreSQL)`)];
  }
  const fileName = `${nextNumber(existing.migrations)}_${name}.ts`;
  await mkdir(outputFolder, { recursive: true });
  const file = join(outputFolder, fileName);
  await writeFile(file, renderMigration(comment, statements), { flag: "wx" });
  return { file, summary, warnings };
}
