/** Applies the migrations (one set for both dialects) at start-up. */
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from "kysely";
import type { Dialect } from "./database";
import * as initial from "./migrations/0001_initial";
import * as listOrderIndexes from "./migrations/0002_list_order_indexes";
import * as signInThrottle from "./migrations/0003_sign_in_throttle";
import * as sessionsAndSecurityEvents from "./migrations/0004_sessions_and_security_events";
import * as listSearch from "./migrations/0005_list_search";
import * as overviewCommentsRules from "./migrations/0006_overview_comments_rules";
import * as milestoneCounts from "./migrations/0007_milestone_counts";
import * as nameOwnerIndex from "./migrations/0008_name_owner_index";
import * as searchCharacters from "./migrations/0009_search_characters";
import * as nameIndexIds from "./migrations/0010_name_index_ids";
import * as nameIndexNumbers from "./migrations/0011_name_index_numbers";
import * as phoneHalves from "./migrations/0012_phone_halves";
import * as nameVisaCounts from "./migrations/0013_name_visa_counts";
import * as gramCounts from "./migrations/0014_gram_counts";

type DialectMigration = { up(db: Kysely<any>, dialect: Dialect): Promise<void> };
const MIGRATIONS: Record<string, DialectMigration> = {
  "0001_initial": initial,
  "0002_list_order_indexes": listOrderIndexes,
  "0003_sign_in_throttle": signInThrottle,
  "0004_sessions_and_security_events": sessionsAndSecurityEvents,
  "0005_list_search": listSearch,
  "0006_overview_comments_rules": overviewCommentsRules,
  "0007_milestone_counts": milestoneCounts,
  "0008_name_owner_index": nameOwnerIndex,
  "0009_search_characters": searchCharacters,
  "0010_name_index_ids": nameIndexIds,
  "0011_name_index_numbers": nameIndexNumbers,
  "0012_phone_halves": phoneHalves,
  "0013_name_visa_counts": nameVisaCounts,
  "0014_gram_counts": gramCounts,
};

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, m]) => [name, { up: (db: Kysely<any>) => m.up(db, this.dialect) }]),
    );
  }
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  check(await migrator.migrateToLatest());
}

/**
 * Applies the migrations that come before `name` and answers true, or answers false when `name` has
 * run already (seed:large loads passports before the list indexes, which then fill in bulk).
 */
export async function migrateBefore(db: Kysely<any>, dialect: Dialect, name: keyof typeof MIGRATIONS): Promise<boolean> {
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect) });
  const migrations = await migrator.getMigrations();
  if (migrations.find((m) => m.name === name)?.executedAt) return false;
  const names = Object.keys(MIGRATIONS).sort();
  const previous = names[names.indexOf(name) - 1];
  if (previous) check(await migrator.migrateTo(previous));
  return true;
}

function check({ error, results }: MigrationResultSet): void {
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
