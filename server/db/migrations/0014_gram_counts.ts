import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/** The columns whose pairs and triples of characters are counted (passport_search's numbers, as they were when this ran). */
const GRAM_COLUMNS = ["passport_no", "telephone"] as const;

/** The lengths of the runs of characters counted. */
const GRAM_LENGTHS = [2, 3] as const;

/**
 * Issue 12, PostgreSQL: passport_gram_counts holds, per column, run of two or three characters (of the
 * lower-cased value) and status, how many passports hold that run at least once, kept by triggers on
 * passports in the transaction of every write. A lone filter of two or three characters on a passport
 * or phone number is counted there, exactly: "phone: 99" (75,537 passports at 10^6) fetched them all
 * from the union of its followers' trigram lists to check them (83 ms p95), "phone: 017" (15% of
 * passports) counted 100,000 of them in an index to estimate the rest (72 ms). SQLite counts such
 * filters in its FTS5 index fast enough (30 and 19 ms) and needs nothing here. The full name's runs
 * are counted over the names (passport_names).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`create table passport_gram_counts (col text not null, gram text not null, status text not null, n bigint not null,
    primary key (col, gram, status))`.execute(db);
  /** Each run of `r`'s counted columns, once per column. */
  const gramsOf = (r: string) =>
    `select distinct c.col, substr(c.v, i, len) as gram from (values ${GRAM_COLUMNS.map((col) => `('${col}', lower(${r}.${col}))`).join(", ")}) c(col, v),
      (values ${GRAM_LENGTHS.map((n) => `(${n})`).join(", ")}) g(len), generate_series(1, char_length(c.v) - len + 1) i`;
  await sql.raw(`create function passport_gram_counts() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update passport_gram_counts k set n = k.n - 1 from (${gramsOf("old")}) p
          where k.col = p.col and k.gram = p.gram and k.status = old.status;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into passport_gram_counts (col, gram, status, n) select p.col, p.gram, new.status, 1 from (${gramsOf("new")}) p
          on conflict (col, gram, status) do update set n = passport_gram_counts.n + 1;
      end if;
      return null;
    end $$`).execute(db);
  const watched = ["status", ...GRAM_COLUMNS];
  await sql`create trigger passport_gram_counts after insert or delete on passports for each row execute function passport_gram_counts()`.execute(db);
  await sql.raw(`create trigger passport_gram_counts_update after update of ${watched.join(", ")} on passports for each row
    when (${watched.map((c) => `old.${c} is distinct from new.${c}`).join(" or ")}) execute function passport_gram_counts()`).execute(db);
  await sql.raw(`insert into passport_gram_counts (col, gram, status, n)
    select p.col, p.gram, passports.status, count(*) from passports, lateral (${gramsOf("passports")}) p group by 1, 2, 3`).execute(db);
}
