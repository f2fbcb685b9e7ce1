import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

// What this migration built from the list engine's constants (server/passports/list/), copied as they
// were when it ran: a migration must keep producing the same tables whatever the live code becomes.

/** passport_names' count columns: one per status the server wrote, and one for any other status. */
const NAME_COUNTS = ["pending", "reviewed", "completed", "approved", "rejected", "other"] as const;

/** passport_search's columns, in order (the column numbers of passport_search_terms). */
const SEARCH_COLUMNS = ["full_name", "passport_no", "telephone"] as const;

/** Appended twice to every indexed value, so that each character of a value starts a trigram. */
const SEARCH_PAD = "\u0001".repeat(2);

/** Values are listed in passport_search_terms up to this length. */
const TERM_POSITIONS = 1024;

/** The contract's statuses and visa types (src/contract), in the order their key codes follow. */
const KEY_STATUSES = ["PENDING", "REVIEWED", "COMPLETED", "APPROVED", "REJECTED"] as const;
const KEY_VISA_TYPES = ["WORKVISA", "VISITVISA", "STUDENTVISA"] as const;

/**
 * The rowid of a passport in SQLite's passport_search, packing from the top:
 * status 3 bits | id 31 bits | agent 14 bits | slot 13 bits | visa type 2 bits.
 */
const KEY_FIELDS = {
  status: { shift: 60, bits: 3 },
  id: { shift: 29, bits: 31 },
  agent: { shift: 15, bits: 14 },
  slot: { shift: 2, bits: 13 },
  visa: { shift: 0, bits: 2 },
} as const;
const maxOf = (f: { bits: number }) => 2 ** f.bits - 1;
const OTHER_STATUS_CODE = maxOf(KEY_FIELDS.status);
const OTHER_VISA_CODE = maxOf(KEY_FIELDS.visa);
const AGENT_OVERFLOW = maxOf(KEY_FIELDS.agent);
const SLOT_OVERFLOW = maxOf(KEY_FIELDS.slot);
const caseOf = (column: string, values: readonly string[], other: number) =>
  `(case ${column} ${values.map((v, i) => `when '${v}' then ${i}`).join(" ")} else ${other} end)`;
const capped = (column: string, overflow: number) => `(case when ${column} between 0 and ${overflow - 1} then ${column} else ${overflow} end)`;

/** The key of the passport row `r` (e.g. `new`), as SQL. */
function keySql(r: string): string {
  const f = KEY_FIELDS;
  return [
    `(${caseOf(`${r}.status`, KEY_STATUSES, OTHER_STATUS_CODE)} << ${f.status.shift})`,
    `(${r}.id << ${f.id.shift})`,
    `(${capped(`${r}.agent_id`, AGENT_OVERFLOW)} << ${f.agent.shift})`,
    `(${capped(`${r}.slot_id`, SLOT_OVERFLOW)} << ${f.slot.shift})`,
    caseOf(`${r}.visa_type`, KEY_VISA_TYPES, OTHER_VISA_CODE),
  ].join(" | ");
}

/**
 * What the passport lists read instead of scanning passports (docs/lists.md), kept in step by triggers
 * in the transaction of every write to passports, whatever code writes:
 *
 * - passport_counts: passports per status, agent (id and name), admin and visa type;
 * - passport_slot_counts: passports per status, slot and agent;
 * - passport_block_counts: passports per status in each block of 1024 ids, to find a deep page's first id;
 * - passport_names: passports per full name (lower-cased) and status, with a trigram index of its own:
 *   the total of a name filter is the sum over the few names that match (a common name matches a
 *   hundred thousand passports but a few thousand names);
 * - passport_search: the text filters' index. On SQLite an FTS5 trigram table keyed by keySql above,
 *   with passport_search_terms (the trigrams it holds, for filters of one or two characters);
 *   on PostgreSQL a narrow copy of the searched columns with pg_trgm indexes, one per status.
 *
 * On an existing database the migration fills them from passports: about a minute at 10^6 passports.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await createCounters(db, dialect);
  if (dialect === "sqlite") await sqliteSearch(db);
  else await postgresSearch(db);
  await fillCounters(db);
}

const BLOCK_SHIFT = 10;

async function createCounters(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const count = dialect === "postgres" ? "bigint" : "integer";
  await db.schema
    .createTable("passport_counts")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("agent_id", "integer", (c) => c.notNull())
    .addColumn("agent_name", "text", (c) => c.notNull())
    // The admin who entered the passports, 0 for none (a key column cannot be null).
    .addColumn("admin_key", "integer", (c) => c.notNull())
    .addColumn("visa_type", "text", (c) => c.notNull())
    .addColumn("n", count, (c) => c.notNull())
    .addPrimaryKeyConstraint("passport_counts_pkey", ["status", "agent_id", "agent_name", "admin_key", "visa_type"])
    .execute();
  await db.schema
    .createTable("passport_slot_counts")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("slot_id", "integer", (c) => c.notNull())
    .addColumn("agent_id", "integer", (c) => c.notNull())
    .addColumn("n", count, (c) => c.notNull())
    .addPrimaryKeyConstraint("passport_slot_counts_pkey", ["status", "slot_id", "agent_id"])
    .execute();
  await db.schema
    .createTable("passport_block_counts")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("block", "integer", (c) => c.notNull())
    .addColumn("n", count, (c) => c.notNull())
    .addPrimaryKeyConstraint("passport_block_counts_pkey", ["status", "block"])
    .execute();
  await db.schema
    .createTable("passport_names")
    .addColumn("id", dialect === "postgres" ? "serial" : "integer", (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .$call((t) => NAME_COUNTS.reduce((table, column) => table.addColumn(column, count, (c) => c.notNull().defaultTo(0)), t))
    .execute();
  // Lists of a few slots read each slot's passports newest first.
  await db.schema.createIndex("passports_slot_id_idx").on("passports").columns(["slot_id", "id"]).execute();
  await db.schema.dropIndex("passports_slot_idx").execute();
}

const KNOWN = NAME_COUNTS.slice(0, 5).map((c) => `'${c.toUpperCase()}'`).join(", ");
/** 1 when the passport `r` counts in the column, else 0. */
const inColumn = (r: string, column: (typeof NAME_COUNTS)[number]) =>
  column === "other" ? `case when ${r}.status not in (${KNOWN}) then 1 else 0 end` : `case when ${r}.status = '${column.toUpperCase()}' then 1 else 0 end`;

async function fillCounters(db: Kysely<any>): Promise<void> {
  await sql.raw(`insert into passport_names (name, ${NAME_COUNTS.join(", ")})
    select lower(full_name), ${NAME_COUNTS.map((c) => `sum(${inColumn("passports", c)})`).join(", ")} from passports group by lower(full_name)`).execute(db);
  await sql`insert into passport_counts (status, agent_id, agent_name, admin_key, visa_type, n)
    select status, agent_id, agent_name, coalesce(admin_id, 0), visa_type, count(*) from passports
    group by status, agent_id, agent_name, coalesce(admin_id, 0), visa_type`.execute(db);
  await sql`insert into passport_slot_counts (status, slot_id, agent_id, n)
    select status, slot_id, agent_id, count(*) from passports group by status, slot_id, agent_id`.execute(db);
  await sql`insert into passport_block_counts (status, block, n)
    select status, id >> ${sql.lit(BLOCK_SHIFT)}, count(*) from passports group by status, id >> ${sql.lit(BLOCK_SHIFT)}`.execute(db);
}

/** The counter updates of one passport row (`r` is new or old) entering (+1) or leaving (-1) its groups. */
function counterSteps(r: string, delta: 1 | -1, dialect: Dialect): string[] {
  const n = (table: string) => (dialect === "postgres" ? `${table}.n` : "n");
  const admin = `coalesce(${r}.admin_id, 0)`;
  if (delta === -1) {
    return [
      `update passport_names set ${NAME_COUNTS.map((c) => `${c} = ${c} - ${inColumn(r, c)}`).join(", ")} where name = lower(${r}.full_name)`,
      `update passport_counts set n = n - 1 where status = ${r}.status and agent_id = ${r}.agent_id and agent_name = ${r}.agent_name and admin_key = ${admin} and visa_type = ${r}.visa_type`,
      `update passport_slot_counts set n = n - 1 where status = ${r}.status and slot_id = ${r}.slot_id and agent_id = ${r}.agent_id`,
      `update passport_block_counts set n = n - 1 where status = ${r}.status and block = ${r}.id >> ${BLOCK_SHIFT}`,
    ];
  }
  const names = dialect === "postgres" ? "passport_names." : "";
  return [
    `insert into passport_names (name, ${NAME_COUNTS.join(", ")}) values (lower(${r}.full_name), ${NAME_COUNTS.map((c) => inColumn(r, c)).join(", ")})
      on conflict (name) do update set ${NAME_COUNTS.map((c) => `${c} = ${names}${c} + excluded.${c}`).join(", ")}`,
    `insert into passport_counts (status, agent_id, agent_name, admin_key, visa_type, n) values (${r}.status, ${r}.agent_id, ${r}.agent_name, ${admin}, ${r}.visa_type, 1)
      on conflict (status, agent_id, agent_name, admin_key, visa_type) do update set n = ${n("passport_counts")} + 1`,
    `insert into passport_slot_counts (status, slot_id, agent_id, n) values (${r}.status, ${r}.slot_id, ${r}.agent_id, 1)
      on conflict (status, slot_id, agent_id) do update set n = ${n("passport_slot_counts")} + 1`,
    `insert into passport_block_counts (status, block, n) values (${r}.status, ${r}.id >> ${BLOCK_SHIFT}, 1)
      on conflict (status, block) do update set n = ${n("passport_block_counts")} + 1`,
  ];
}

const COUNTED = ["id", "status", "agent_id", "agent_name", "admin_id", "visa_type", "slot_id", "full_name"];
const SEARCHED = ["id", "status", "agent_id", "slot_id", "visa_type", "admin_id", ...SEARCH_COLUMNS];
const changed = (columns: string[], distinct: string) => columns.map((c) => `old.${c} ${distinct} new.${c}`).join(" or ");

// ---------------------------------------------------------------- SQLite

/** Lower-cased (ASCII only, as SQLite's lower() and LIKE) and padded: the text passport_search indexes. */
const searchText = (r: string, column: string) => `lower(${r}.${column}) || '${SEARCH_PAD}'`;

async function sqliteSearch(db: Kysely<any>): Promise<void> {
  // The table keeps its text too (in passport_search_content): a common filter of one or two characters
  // is tested on it row by row, without reading the wide passports rows.
  await sql.raw(`create virtual table passport_search using fts5(${SEARCH_COLUMNS.join(", ")}, tokenize = 'trigram case_sensitive 1')`).execute(db);
  await sql`create table passport_search_terms (col integer not null, term text not null, primary key (col, term)) without rowid`.execute(db);
  await sql`create table passport_search_positions (n integer primary key)`.execute(db);
  await sql.raw(`insert into passport_search_positions (n) with recursive p(n) as (select 1 union all select n + 1 from p where n < ${TERM_POSITIONS})
    select n from p`).execute(db);

  const insertSearch = (r: string) => [
    `insert into passport_search (rowid, ${SEARCH_COLUMNS.join(", ")}) values (${keySql(r)}, ${SEARCH_COLUMNS.map((c) => searchText(r, c)).join(", ")})`,
    // Every trigram of the new values, once; the empty term marks a column with a value too long to list.
    ...SEARCH_COLUMNS.map(
      (c, i) => `insert or ignore into passport_search_terms (col, term)
        select ${i}, substr(${searchText(r, c)}, n, 3) from passport_search_positions where n <= length(${r}.${c})
        union all select ${i}, '' where length(${r}.${c}) > ${TERM_POSITIONS}`,
    ),
  ];
  const deleteSearch = (r: string) => [`delete from passport_search where rowid = ${keySql(r)}`];
  const trigger = (name: string, event: string, steps: string[], when?: string) =>
    sql.raw(`create trigger ${name} after ${event} on passports ${when ? `when ${when}` : ""} begin ${steps.map((s) => `${s};`).join("\n")} end`).execute(db);

  await trigger("passports_derived_insert", "insert", [
    // Ids beyond 31 bits would not fit passport_search's key (keySql); PostgreSQL's serial stops there too.
    "select raise(abort, 'passport ids above 2147483647 are not supported') where new.id > 2147483647",
    ...counterSteps("new", 1, "sqlite"),
    ...insertSearch("new"),
  ]);
  await trigger("passports_derived_delete", "delete", [...counterSteps("old", -1, "sqlite"), ...deleteSearch("old")]);
  await trigger("passports_counts_update", `update of ${COUNTED.join(", ")}`, [...counterSteps("old", -1, "sqlite"), ...counterSteps("new", 1, "sqlite")], changed(COUNTED, "is not"));
  await trigger("passports_search_update", `update of ${SEARCHED.join(", ")}`, [...deleteSearch("old"), ...insertSearch("new")], changed(SEARCHED, "is not"));

  // Filled in one pass with a large buffer and no merging on the way, then merged into one segment,
  // in which the index answers fastest (all instant on an empty database).
  // FTS5 takes its commands as literals, not parameters.
  const option = (name: string, value: number) => sql.raw(`insert into passport_search (passport_search, rank) values ('${name}', ${value})`).execute(db);
  await option("automerge", 0);
  await option("hashsize", 64 * 2 ** 20);
  await sql.raw(`insert into passport_search (rowid, ${SEARCH_COLUMNS.join(", ")}) select ${keySql("passports")}, ${SEARCH_COLUMNS.map((c) => searchText("passports", c)).join(", ")} from passports`).execute(db);
  await sql`insert into passport_search (passport_search) values ('optimize')`.execute(db);
  await option("automerge", 4); // FTS5's defaults for the writes to come
  await option("hashsize", 2 ** 20);
  // The names' own trigram index (a name is never removed: its counts drop to 0).
  await sql`create virtual table passport_names_search using fts5(name, content = 'passport_names', content_rowid = 'id', tokenize = 'trigram case_sensitive 1')`.execute(db);
  await sql`create trigger passport_names_search_insert after insert on passport_names begin
    insert into passport_names_search (rowid, name) values (new.id, new.name); end`.execute(db);
  // The trigrams now indexed, read from FTS5's own vocabulary in one pass.
  await sql`create virtual table temp.passport_search_vocabulary using fts5vocab(main, passport_search, 'col')`.execute(db);
  await sql.raw(`insert or ignore into passport_search_terms (col, term)
    select case col ${SEARCH_COLUMNS.map((c, i) => `when '${c}' then ${i}`).join(" ")} end, term from temp.passport_search_vocabulary`).execute(db);
  await sql`drop table temp.passport_search_vocabulary`.execute(db);
}

// ---------------------------------------------------------------- PostgreSQL

/** Columns of passport_search that its trigram indexes also hold (btree_gin). */
const PG_GIN_VALUES = ["agent_id", "admin_id", "slot_id", "visa_type"];

/** Statuses with an index of their own; passports of any other status share one. */
const PG_STATUS_INDEXES = ["PENDING", "REVIEWED", "COMPLETED", "APPROVED", "REJECTED"];

/** The name and predicate of each per-status partial index: one per status of PG_STATUS_INDEXES and "other". */
function pgStatusIndexes(): [name: string, where: string][] {
  const otherStatus = `status not in (${PG_STATUS_INDEXES.map((s) => `'${s}'`).join(", ")})`;
  return [...PG_STATUS_INDEXES.map((s): [string, string] => [s.toLowerCase(), `status = '${s}'`]), ["other", otherStatus]];
}

async function postgresSearch(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index passport_names_trgm on passport_names using gin (name gin_trgm_ops)`.execute(db);
  await sql`create table passport_search (
    id integer primary key,
    status text not null,
    agent_id integer not null,
    admin_id integer,
    slot_id integer not null,
    visa_type text not null,
    full_name text not null,
    passport_no text not null,
    telephone text not null
  )`.execute(db);
  // btree_gin puts the agent, admin, slot and visa type in the same index: a filter on them and a
  // text filter meet inside it, and only passports matching both are read.
  await sql`create extension if not exists btree_gin`.execute(db);
  const trigram = `${PG_GIN_VALUES.join(", ")}, ${SEARCH_COLUMNS.map((c) => `${c} gin_trgm_ops`).join(", ")}`;
  for (const [name, where] of pgStatusIndexes()) {
    await sql.raw(`create index passport_search_${name}_trgm on passport_search using gin (${trigram}) where ${where}`).execute(db);
  }
  // Lists read newest first with the filters tested in the index alone (index-only scans).
  const covering = `include (agent_id, admin_id, slot_id, visa_type, ${SEARCH_COLUMNS.join(", ")})`;
  await sql.raw(`create index passport_search_status_id_idx on passport_search (status, id) ${covering}`).execute(db);
  await sql.raw(`create index passport_search_agent_idx on passport_search (agent_id, status, id) ${covering}`).execute(db);

  const values = (r: string) => `${r}.id, ${r}.status, ${r}.agent_id, ${r}.admin_id, ${r}.slot_id, ${r}.visa_type, ${SEARCH_COLUMNS.map((c) => `lower(${r}.${c})`).join(", ")}`;
  const columns = `id, status, agent_id, admin_id, slot_id, visa_type, ${SEARCH_COLUMNS.join(", ")}`;
  await sql.raw(`create function passports_derived() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        ${counterSteps("old", -1, "postgres").join(";\n")};
        delete from passport_search where id = old.id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        ${counterSteps("new", 1, "postgres").join(";\n")};
        insert into passport_search (${columns}) values (${values("new")});
      end if;
      return null;
    end $$`).execute(db);
  await sql`create trigger passports_derived after insert or delete on passports for each row execute function passports_derived()`.execute(db);
  const watched = [...new Set([...COUNTED, ...SEARCHED])];
  await sql.raw(`create trigger passports_derived_update after update of ${watched.join(", ")} on passports for each row
    when (${changed(watched, "is distinct from")}) execute function passports_derived()`).execute(db);
  await sql.raw(`insert into passport_search (${columns}) select ${values("passports")} from passports`).execute(db);
}
