import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * Issue 12, PostgreSQL: the characters that occur in each text column of passport_search (the
 * lower-cased name, passport number and phone), kept by triggers on passports. A two-character filter
 * "xy" has no trigram of its own, but a value contains "xy" exactly when it ends with "xy" or contains
 * "xy" followed by one of the characters its column holds: a union of three-character patterns the
 * status's trigram index answers (server/passports/list/search/postgres.ts). SQLite looks the same
 * up in passport_search_terms (migration 0005) and needs nothing here.
 *
 * Characters are only added, never removed: a character no passport holds any more costs an empty
 * branch, while a missing one would lose matches. Only a new or changed text pays: a change of status
 * or agent does not run the trigger.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`create table passport_search_chars (col text not null, ch text not null, primary key (col, ch))`.execute(db);
  const charsOf = (r: string, from = "") =>
    `select distinct c.col, ch from ${from}(values ${COLUMNS.map((col) => `('${col}', lower(${r}.${col}))`).join(", ")}) c(col, v), regexp_split_to_table(c.v, '') ch`;
  await sql.raw(`create function passport_search_chars_add() returns trigger language plpgsql as $$
    begin
      insert into passport_search_chars (col, ch) ${charsOf("new")} on conflict do nothing;
      return null;
    end $$`).execute(db);
  await sql`create trigger passport_search_chars_insert after insert on passports for each row execute function passport_search_chars_add()`.execute(db);
  await sql.raw(`create trigger passport_search_chars_update after update of ${COLUMNS.join(", ")} on passports for each row
    when (${COLUMNS.map((c) => `old.${c} is distinct from new.${c}`).join(" or ")}) execute function passport_search_chars_add()`).execute(db);
  await sql.raw(`insert into passport_search_chars (col, ch) ${charsOf("passports", "passports, lateral ")} on conflict do nothing`).execute(db);
}

/** passport_search's text columns (the list engine's search/text.ts SEARCH_COLUMNS, as they were when this ran). */
const COLUMNS = ["full_name", "passport_no", "telephone"];
