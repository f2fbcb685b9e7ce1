/**
 * The house rules on who imports whom, read from the source files (TypeScript's own import scanner,
 * which also finds `export ... from` and `import()`):
 * - a migration imports kysely only, so it keeps producing what it did whatever the live code becomes;
 * - live code (server/, src/) imports no migration; only server/db/migrate.ts loads them;
 * - the passport list engine (server/passports/list/) is reached through its index only.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const MIGRATIONS = join(ROOT, "server/db/migrations");
const MIGRATE = join(ROOT, "server/db/migrate.ts");
const LIST_ENGINE = join(ROOT, "server/passports/list");
const LIST_INDEX = join(LIST_ENGINE, "index");

const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Every module a file imports, as written. */
const importsOf = (file: string): string[] => ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((f) => f.fileName);

/** A relative import as an absolute path without extension; undefined for a package. */
const target = (file: string, specifier: string) => (specifier.startsWith(".") ? resolve(dirname(file), specifier).replace(SOURCE, "") : undefined);

const within = (path: string, folder: string) => path === folder || path.startsWith(folder + sep);

/** "file → import" for every import of `files` that `forbidden` rejects. */
function violations(files: string[], forbidden: (file: string, specifier: string) => boolean): string[] {
  return files.flatMap((file) => importsOf(file).filter((s) => forbidden(file, s)).map((s) => `${relative(ROOT, file)} → ${s}`));
}

describe("imports", () => {
  it("a migration imports nothing but kysely", () => {
    const migrations = sourceFiles("server/db/migrations");
    expect(migrations.length).toBeGreaterThanOrEqual(14);
    expect(violations(migrations, (_, s) => s !== "kysely")).toEqual([]);
  });

  it("live code imports no migration; only server/db/migrate.ts loads them", () => {
    const live = [...sourceFiles("server"), ...sourceFiles("src")].filter((f) => f !== MIGRATE && !within(f, MIGRATIONS));
    expect(violations(live, (file, s) => within(target(file, s) ?? "", MIGRATIONS))).toEqual([]);
  });

  it("code outside the passport list engine imports its index only", () => {
    const outside = ["server", "src", "tests", "bench", "scripts"].flatMap(sourceFiles).filter((f) => !within(f, LIST_ENGINE));
    const intoEngine = (file: string, s: string) => within(target(file, s) ?? "", LIST_ENGINE);
    expect(outside.some((f) => importsOf(f).some((s) => intoEngine(f, s)))).toBe(true); // the check sees the engine's users
    expect(violations(outside, (file, s) => intoEngine(file, s) && ![LIST_ENGINE, LIST_INDEX].includes(target(file, s)!))).toEqual([]);
  });
});
