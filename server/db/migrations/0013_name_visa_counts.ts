import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * The visa types passport_names counts per status: the contract's VISA_TYPES as they were when this
 * ran, copied rather than imported because a migration must stay as it ran (a new visa type is
 * counted by a migration of its own; until then a list filtered by it is counted in the text index).
 */
export const NAME_VISA_TYPES = ["WORKVISA", "VISITVISA", "STUDENTVISA"] as const;

/** passport_names' status count columns (migration 0005), as they were when this ran. */
const STATUS_COLUMNS = ["pending", "reviewed", "completed", "approved", "rejected", "other"] as const;
const KNOWN = STATUS_COLUMNS.slice(0, 5).map((c) => `'${c.toUpperCase()}'`).join(", ");

/** The passport_names column counting the passports of a status column (0005's) with a visa type: "approved_workvisa". */
export const nameVisaColumn = (statusColumn: string, visaType: string) => `${statusColumn}_${visaType.toLowerCase()}`;

const COLUMNS = STATUS_COLUMNS.flatMap((s) => NAME_VISA_TYPES.map((v) => ({ name: nameVisaColumn(s, v), status: s, visa: v })));

/**
 * Issue 12: passport_names also counts each name's passports per status and visa type, so that a list
 * filtered by a full name and a visa type is counted name by name, as one filtered by the name alone
 * is: "an" + visa type work at 10^6 passports (207,722 of them) read about half the passports in
 * index order to count to 100,000 (110 ms on PostgreSQL); the names hold the exact total. Kept by
 * triggers of their own on passports, in the transaction of every write; an upsert of the name's row
 * as migration 0005's, whichever runs first.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  // integer, not 0005's bigint: a name's passports fit, and a short name filter reads every row.
  for (const column of COLUMNS) await db.schema.alterTable("passport_names").addColumn(column.name, "integer", (c) => c.notNull().defaultTo(0)).execute();

  /** The passport `r` has the status a status column counts. */
  const hasStatus = (r: string, status: (typeof STATUS_COLUMNS)[number]) => (status === "other" ? `${r}.status not in (${KNOWN})` : `${r}.status = '${status.toUpperCase()}'`);
  /** 1 when the passport `r` counts in the column, else 0. */
  const inColumn = (r: string, c: (typeof COLUMNS)[number]) => `case when ${hasStatus(r, c.status)} and ${r}.visa_type = '${c.visa}' then 1 else 0 end`;
  const names = dialect === "postgres" ? "passport_names." : "";
  const leave = (r: string) => `update passport_names set ${COLUMNS.map((c) => `${c.name} = ${c.name} - ${inColumn(r, c)}`).join(", ")} where name = lower(${r}.full_name)`;
  const enter = (r: string) =>
    `insert into passport_names (name, ${COLUMNS.map((c) => c.name).join(", ")}) values (lower(${r}.full_name), ${COLUMNS.map((c) => inColumn(r, c)).join(", ")})
      on conflict (name) do update set ${COLUMNS.map((c) => `${c.name} = ${names}${c.name} + excluded.${c.name}`).join(", ")}`;
  const watched = ["status", "visa_type", "full_name"];

  if (dialect === "sqlite") {
    const trigger = (name: string, event: string, steps: string[], when?: string) =>
      sql.raw(`create trigger ${name} after ${event} on passports ${when ? `when ${when}` : ""} begin ${steps.map((s) => `${s};`).join("\n")} end`).execute(db);
    await trigger("passports_name_visas_insert", "insert", [enter("new")]);
    await trigger("passports_name_visas_delete", "delete", [leave("old")]);
    await trigger("passports_name_visas_update", `update of ${watched.join(", ")}`, [leave("old"), enter("new")], watched.map((c) => `old.${c} is not new.${c}`).join(" or "));
  } else {
    await sql.raw(`create function passports_name_visas() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${leave("old")}; end if;
        if tg_op in ('INSERT', 'UPDATE') then ${enter("new")}; end if;
        return null;
      end $$`).execute(db);
    await sql`create trigger passports_name_visas after insert or delete on passports for each row execute function passports_name_visas()`.execute(db);
    await sql.raw(`create trigger passports_name_visas_update after update of ${watched.join(", ")} on passports for each row
      when (${watched.map((c) => `old.${c} is distinct from new.${c}`).join(" or ")}) execute function passports_name_visas()`).execute(db);
  }

  const sums = COLUMNS.map((c) => `sum(${inColumn("passports", c)}) as ${c.name}`).join(", ");
  if (dialect === "sqlite") {
    // Every name already has its row (migration 0005's counters); SQLite writes them in place.
    await sql.raw(`update passport_names set ${COLUMNS.map((c) => `${c.name} = g.${c.name}`).join(", ")}
      from (select lower(full_name) as name, ${sums} from passports group by lower(full_name)) g
      where passport_names.name = g.name`).execute(db);
    return;
  }
  // PostgreSQL would keep a dead copy of every row updated (this transaction's own, which not even
  // CLUSTER drops), and a short name filter reads every row: 43 MB instead of 22 at 10^6 passports.
  // The table is filled anew instead, as migration 0005 filled it (its ids are used for nothing but
  // sharing names out; names no passport holds any more are left out).
  await sql`truncate passport_names`.execute(db);
  await sql.raw(`insert into passport_names (name, ${STATUS_COLUMNS.join(", ")}, ${COLUMNS.map((c) => c.name).join(", ")})
    select lower(full_name), ${STATUS_COLUMNS.map((s) => `sum(case when ${hasStatus("passports", s)} then 1 else 0 end)`).join(", ")}, ${sums}
    from passports group by lower(full_name)`).execute(db);
  // Its indexes built whole rather than row by row (the trigram index at half the size).
  await sql`reindex table passport_names`.execute(db);
}
