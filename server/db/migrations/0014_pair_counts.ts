import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

/** The columns whose pairs of characters are counted (passport_search's numbers, as they were when this ran). */
export const PAIR_COLUMNS = ["passport_no", "telephone"] as const;

/**
 * Issue 12, PostgreSQL: passport_pair_counts holds, per column, pair of characters (of the lower-cased
 * value) and status, how many passports hold that pair at least once, kept by triggers on passports
 * in the transaction of every write. A lone two-character filter on a passport or phone number is
 * counted there, exactly: "phone: 99" (75,537 passports at 10^6) fetched them all from the union of
 * its followers' trigram lists to check them (83 ms p95). SQLite counts such a filter in its FTS5
 * index fast enough (30 ms) and needs nothing here. The full name's pairs are counted over the names.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`create table passport_pair_counts (col text not null, pair text not null, status text not null, n bigint not null,
    primary key (col, pair, status))`.execute(db);
  /** Each pair of `r`'s counted columns, once per column. */
  const pairsOf = (r: string) =>
    `select distinct c.col, substr(c.v, i, 2) as pair from (values ${PAIR_COLUMNS.map((col) => `('${col}', lower(${r}.${col}))`).join(", ")}) c(col, v),
      generate_series(1, char_length(c.v) - 1) i`;
  await sql.raw(`create function passport_pair_counts() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update passport_pair_counts k set n = k.n - 1 from (${pairsOf("old")}) p
          where k.col = p.col and k.pair = p.pair and k.status = old.status;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into passport_pair_counts (col, pair, status, n) select p.col, p.pair, new.status, 1 from (${pairsOf("new")}) p
          on conflict (col, pair, status) do update set n = passport_pair_counts.n + 1;
      end if;
      return null;
    end $$`).execute(db);
  const watched = ["status", ...PAIR_COLUMNS];
  await sql`create trigger passport_pair_counts after insert or delete on passports for each row execute function passport_pair_counts()`.execute(db);
  await sql.raw(`create trigger passport_pair_counts_update after update of ${watched.join(", ")} on passports for each row
    when (${watched.map((c) => `old.${c} is distinct from new.${c}`).join(" or ")}) execute function passport_pair_counts()`).execute(db);
  await sql.raw(`insert into passport_pair_counts (col, pair, status, n)
    select p.col, p.pair, passports.status, count(*) from passports, lateral (${pairsOf("passports")}) p group by 1, 2, 3`).execute(db);
}
