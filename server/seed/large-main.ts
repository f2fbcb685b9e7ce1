/**
 * `npm run seed:large -- --passports 1000000 --database-url sqlite:data/large.db` (or a postgres://
 * URL; a missing PostgreSQL database is created). Fills an empty database with large.ts's data set.
 */
import { seedLarge } from "./large";

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const passports = Number(option("passports") ?? 100_000);
const databaseUrl = option("database-url") ?? process.env.DATABASE_URL;
if (!Number.isInteger(passports) || passports < 1 || !databaseUrl || !/^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl)) {
  console.error("Usage: npm run seed:large -- --passports 1000000 --database-url sqlite:data/large.db (or postgres://user@host:5432/db)");
  process.exit(1);
}
console.log(`Seeding ${passports} passports into ${databaseUrl.replace(/\/\/[^@/]*@/, "//…@")}`);
seedLarge({ databaseUrl, passports }).catch((error: unknown) => {
  console.error(`seed:large failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
