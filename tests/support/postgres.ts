/**
 * Starts a throw-away PostgreSQL for the tests: initdb into a temp folder, a free loopback port,
 * pg_ctl start, and stop + delete afterwards. As root the server runs as the `postgres` user. The
 * benchmarks keep a cluster in a folder of their own instead (`dir`), to seed it once.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { findPostgresTool } from "../../server/backup/postgres-tools";

export interface RunningPostgres {
  url: string;
  stop(): void;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Whether this machine has PostgreSQL's server binaries (initdb, pg_ctl). */
export const hasPostgres = (): boolean => findPostgresTool("initdb") !== undefined && findPostgresTool("pg_ctl") !== undefined;

export interface PostgresOptions {
  /** A cluster folder to keep (created on first use, reused after); a throw-away one when absent. */
  dir?: string;
  /** More server settings, e.g. ["shared_buffers=512MB"]. */
  settings?: string[];
}

export async function startPostgres({ dir: keptDir, settings = [] }: PostgresOptions = {}): Promise<RunningPostgres | undefined> {
  const initdb = findPostgresTool("initdb");
  const pgCtl = findPostgresTool("pg_ctl");
  if (!initdb || !pgCtl) return undefined;
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" })
      : execFileSync(bin, args, { stdio: "pipe" });

  const dir = keptDir ? resolve(keptDir) : mkdtempSync(join(tmpdir(), "pg-test-"));
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const dataDir = join(dir, "data");
  const port = await freePort();
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    run(initdb, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale"]);
  }
  const options = [
    "listen_addresses=127.0.0.1", `port=${port}`, `unix_socket_directories=${dir}`, "fsync=off", "synchronous_commit=off", "full_page_writes=off", ...settings,
  ];
  run(pgCtl, ["-D", dataDir, "-l", join(dir, "log"), "-w", "-t", "60", "-o", options.map((o) => `-c ${o}`).join(" "), "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ["-D", dataDir, "-m", keptDir ? "fast" : "immediate", "-w", "stop"]);
      } finally {
        if (!keptDir) rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
