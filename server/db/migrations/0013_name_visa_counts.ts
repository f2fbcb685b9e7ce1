import { type Kysely, sql } from "kysely";
import type { Dialect } from "../database";

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
  const count = dialect === "postgres" ? "bigint" : "integer";
  for (const column of COLUMNS) await db.schema.alterTable("passport_names").addColumn(column.name, count, (c) => c.notNull().defaultTo(0)).execute();

  /** 1 when the passport `r` counts in the column, else 0. */
  const inColumn = (r: string, c: (typeof COLUMNS)[number]) => {
    const status = c.status === "other" ? `${r}.status not in (${KNOWN})` : `${r}.status = '${c.status.toUpperCase()}'`;
    return `case when ${status} and ${r}.visa_type = '${c.visa}' then 1 else 0 end`;
  };
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

  // Every name already has its row (migration 0005's counters).
  await sql.raw(`update passport_names set ${COLUMNS.map((c) => `${c.name} = g.${c.name}`).join(", ")}
    from (select lower(full_name) as name, ${COLUMNS.map((c) => `sum(${inColumn("passports", c)}) as ${c.name}`).join(", ")}
      from passports group by lower(full_name)) g
    where passport_names.name = g.name`).execute(db);
}
