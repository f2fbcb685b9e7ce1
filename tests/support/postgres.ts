/**
 * Starts a throw-away PostgreSQL for the tests: initdb into a temp folder, a free loopback port,
 * pg_ctl start, and stop + delete afterwards. As root the server runs as the `postgres` user.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface RunningPostgres {
  url: string;
  stop(): void;
}

function findBin(name: string): string | undefined {
  const dirs = [process.env.PG_BIN];
  const debian = "/usr/lib/postgresql";
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    dirs.push(...versions.map((v) => join(debian, v, "bin")));
  }
  for (const dir of dirs) if (dir && existsSync(join(dir, name))) return join(dir, name);
  try {
    return execFileSync("which", [name], { encoding: "utf8" }).trim() || undefined;
  } catch {
    return undefined;
  }
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

export async function startPostgres(): Promise<RunningPostgres | undefined> {
  const initdb = findBin("initdb");
  const pgCtl = findBin("pg_ctl");
  if (!initdb || !pgCtl) return undefined;
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" })
      : execFileSync(bin, args, { stdio: "pipe" });

  const dir = mkdtempSync(join(tmpdir(), "pg-test-"));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, "data");
  const port = await freePort();
  run(initdb, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-locale"]);
  run(pgCtl, [
    "-D", dataDir, "-l", join(dir, "log"), "-w", "-t", "60",
    "-o", `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run(pgCtl, ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
