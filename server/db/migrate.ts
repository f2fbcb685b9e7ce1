/**
 * Applies the migrations (one set for both dialects) at start-up: every file in ./migrations, in the
 * order of their names, each recorded in kysely_migration under its file name without the extension
 * ("0005_list_search"). A new migration is a new file; nothing here lists them. Folders of more
 * migrations may be given (tests migrate resources they declare from a temporary folder); their files
 * are ordered with these by name.
 */
import { readdir } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from "kysely";
import type { Dialect } from "./database";

export const MIGRATIONS_FOLDER = new URL("./migrations/", import.meta.url);

/** What a migration file exports: an `up` that also takes the dialect. */
interface DialectMigration {
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

/** The migration files' names without extension, sorted, each with the URL to import it from. */
export async function migrationFiles(extraFolders: readonly string[] = []): Promise<[name: string, url: string][]> {
  const folders = [MIGRATIONS_FOLDER, ...extraFolders.map((folder) => pathToFileURL(folder.endsWith("/") ? folder : `${folder}/`))];
  const files: [name: string, url: string][] = [];
  for (const folder of folders) {
    for (const f of await readdir(folder)) {
      if (/\.(ts|js)$/.test(f) && !f.endsWith(".d.ts")) files.push([f.replace(/\.(ts|js)$/, ""), new URL(f, folder).href]);
    }
  }
  const names = files.map(([name]) => name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new Error(`Two migrations are named ${twice}`);
  return files.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Imports the files itself rather than through Kysely's FileMigrationProvider: that one's import()
 * runs inside node_modules, which vitest leaves to Node, and Node 20 cannot load a .ts file.
 */
class FolderProvider implements MigrationProvider {
  constructor(
    private readonly dialect: Dialect,
    private readonly extraFolders: readonly string[] = [],
  ) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const [name, url] of await migrationFiles(this.extraFolders)) {
      const module = (await import(/* @vite-ignore */ url)) as Partial<DialectMigration>;
      const up = module.up;
      if (typeof up !== "function") throw new Error(`Migration ${name} exports no up()`);
      migrations[name] = { up: (db: Kysely<any>) => up(db, this.dialect) };
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, extraFolders: readonly string[] = []): Promise<void> {
  const migrator = new Migrator({ db, provider: new FolderProvider(dialect, extraFolders) });
  check(await migrator.migrateToLatest());
}

/**
 * Applies the migrations that come before `name` and answers true, or answers false when `name` has
 * run already (seed:large loads passports before the list indexes, which then fill in bulk).
 */
export async function migrateBefore(db: Kysely<any>, dialect: Dialect, name: string): Promise<boolean> {
  const migrator = new Migrator({ db, provider: new FolderProvider(dialect) });
  const migrations = await migrator.getMigrations();
  const index = migrations.findIndex((m) => m.name === name);
  if (index < 0) throw new Error(`No migration named ${name}`);
  if (migrations[index].executedAt) return false;
  const previous = migrations[index - 1]?.name;
  if (previous) check(await migrator.migrateTo(previous));
  return true;
}

function check({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
