import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";
import { PG_GIN_VALUES, pgStatusIndexes } from "./0005_list_search";

/**
 * Issue 12, PostgreSQL: a phone filter of three characters or more is read in two halves
 * (passports/search/postgres.ts). The phones that begin with it, in a (status, telephone) btree that
 * holds what the filters test (index-only); those that contain it past their first character, in a
 * trigram index per status of substr(telephone, 2). Nearly every phone begins with "01": in the
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
