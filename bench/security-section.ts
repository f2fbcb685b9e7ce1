/**
 * The security section of `npm run bench` (figures and targets in security.ts): run on a throw-away
 * database of the first of BENCH_DB's databases, since it writes users and 40 MB of documents.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPostgres } from "../tests/support/postgres";
import type { BenchSection } from "./run";
import { measureSecurity } from "./security";

async function throwAwayDatabase(dialect: "sqlite" | "postgres"): Promise<{ url: string; cleanup(): void }> {
  if (dialect === "postgres") {
    const pg = await startPostgres();
    if (!pg) throw new Error("PostgreSQL binaries not found (install Debian's postgresql)");
    return { url: pg.url, cleanup: () => pg.stop() };
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-security-"));
  return { url: `sqlite:${join(dir, "bench.db")}`, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export const securitySection: BenchSection = {
  name: "security",
  async run(settings) {
    const db = await throwAwayDatabase(settings.dialects[0]);
    try {
      const figures = await measureSecurity(db.url);
      return { met: Object.values(figures.met).every(Boolean), data: figures };
    } finally {
      db.cleanup();
    }
  },
};
