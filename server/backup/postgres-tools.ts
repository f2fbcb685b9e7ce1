/**
 * The PostgreSQL client tools (pg_dump, pg_restore): where they are, and how a child gets the
 * connection without its password showing in the process list.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";
import { BackupError } from "./errors";

const DEBIAN_VERSIONS = "/usr/lib/postgresql";

/**
 * The folders searched, in order: PG_BIN, Debian's /usr/lib/postgresql/<version>/bin newest first
 * (pg_dump must be at least as new as the server), then PATH. The tests' PostgreSQL is found the same way.
 */
export function postgresToolFolders(env: NodeJS.ProcessEnv = process.env): string[] {
  const folders = env.PG_BIN ? [env.PG_BIN] : [];
  if (existsSync(DEBIAN_VERSIONS)) {
    const versions = readdirSync(DEBIAN_VERSIONS).sort((a, b) => Number(b) - Number(a));
    folders.push(...versions.map((v) => join(DEBIAN_VERSIONS, v, "bin")));
  }
  folders.push(...(env.PATH ?? "").split(delimiter).filter(Boolean));
  return folders;
}

export function findPostgresTool(name: string, folders: readonly string[] = postgresToolFolders()): string | undefined {
  for (const folder of folders) if (existsSync(join(folder, name))) return join(folder, name);
  return undefined;
}

export function requirePostgresTool(name: string, folders: readonly string[] = postgresToolFolders()): string {
  const found = findPostgresTool(name, folders);
  if (found) return found;
  throw new BackupError(
    `${name} was not found (looked in PG_BIN, /usr/lib/postgresql/*/bin and PATH). ` +
      `Install the PostgreSQL client tools, as new as the server (Debian: apt-get install postgresql-client), or set PG_BIN to their folder.`,
  );
}

/** The URL a child is given (without the password) and the environment that carries the password. */
export function postgresConnection(databaseUrl: string, env: NodeJS.ProcessEnv = process.env): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.toString(), env: password ? { ...env, PGPASSWORD: password } : { ...env } };
}

/** Runs a tool to its end; a failure becomes a BackupError carrying the tool's own message. */
export function runPostgresTool(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(bin, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      const said = stderr.trim() || error.message;
      reject(new BackupError(`${bin.split("/").pop()} failed: ${said}`));
    });
  });
}
