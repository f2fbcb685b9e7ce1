import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/** Columns of passport_search that its trigram indexes also hold (btree_gin), as migration 0005 made them. */
const PG_GIN_VALUES = ["agent_id", "admin_id", "slot_id", "visa_type"];

/** Statuses with an index of their own (migration 0005's); passports of any other status share one. */
const PG_STATUS_INDEXES = ["PENDING", "REVIEWED", "COMPLETED", "APPROVED", "REJECTED"];

/** The name and predicate of each per-status partial index: one per status of PG_STATUS_INDEXES and "other". */
function pgStatusIndexes(): [name: string, where: string][] {
  const otherStatus = `status not in (${PG_STATUS_INDEXES.map((s) => `'${s}'`).join(", ")})`;
  return [...PG_STATUS_INDEXES.map((s): [string, string] => [s.toLowerCase(), `status = '${s}'`]), ["other", otherStatus]];
}

/**
 * Issue 12, PostgreSQL: a phone filter of three characters or more is read in two halves
 * (server/passports/list/search/postgres.ts). The phones that begin with it, in a (status,
 * telephone) btree that holds what the filters test (index-only); those that contain it past their
 * first character, in a trigram index per status of substr(telephone, 2). Nearly every phone begins with "01": in the
 * status's trigram index of the whole phone, "0171" (an operator's prefix) fetched 8,900 approved
 * passports at 10^6 to check them; these two read the same matches without fetching one.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  // Partial, on a condition only the prefix half states (a phone it begins is never empty): any other
  // list of a status could read it whole and sort, which the planner, misjudging LIKE, may prefer to
  // reading (status, id) newest first ("full name: common family name" went from 16 to 33 ms).
  await sql`create index passport_search_phone_prefix_idx on passport_search (status, telephone text_pattern_ops)
    include (id, agent_id, admin_id, slot_id, visa_type, full_name, passport_no) where telephone <> ''`.execute(db);
  for (const [name, where] of pgStatusIndexes()) {
    await sql.raw(`create index passport_search_${name}_phone_infix on passport_search
      using gin (${PG_GIN_VALUES.join(", ")}, substr(telephone, 2) gin_trgm_ops) where ${where}`).execute(db);
  }
  await sql`analyze passport_search`.execute(db);
}
