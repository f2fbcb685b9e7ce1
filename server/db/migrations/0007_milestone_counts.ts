import { type Kysely, sql } from "kysely";

/** The database this runs on (server/db/database.ts `Dialect`, restated: a migration imports only kysely). */
type Dialect = "sqlite" | "postgres";

/**
 * The milestone flags passport_milestone_counts sums: the columns of server/passports/mapper.ts
 * MILESTONE_COLUMNS, copied rather than imported because a migration must stay as it ran when the
 * app's mapping changes (a new milestone comes with a migration of its own).
 */
export const COUNTED_MILESTONES = [
  "is_work_permit_approved",
  "is_gadget_published",
  "is_visa_applied",
  "is_visa_granted",
  "is_bmet_approved",
  "is_flight_scheduled",
] as const;

/**
 * Issue 14: the Overview's "how many reviewed passports have each milestone" read from counters instead
 * of every reviewed passport (tens of thousands at 10^6). passport_milestone_counts holds, per status and
 * agent, the passports and how many of them have each milestone, kept in step by triggers in the
 * transaction of every write to passports, as migration 0005's counters are. The index that answered
 * that count from the passports (0006) is dropped: nothing else reads it, and every write paid for it.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const count = dialect === "postgres" ? "bigint" : "integer";
  await db.schema
    .createTable("passport_milestone_counts")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("agent_id", "integer", (c) => c.notNull())
    .addColumn("n", count, (c) => c.notNull())
    .$call((t) => COUNTED_MILESTONES.reduce((table, column) => table.addColumn(column, count, (c) => c.notNull()), t))
    .addPrimaryKeyConstraint("passport_milestone_counts_pkey", ["status", "agent_id"])
    .execute();

  const flag = (r: string, column: string) => `case when ${r}.${column} then 1 else 0 end`;
  const leave = (r: string) =>
    `update passport_milestone_counts set n = n - 1, ${COUNTED_MILESTONES.map((c) => `${c} = ${c} - ${flag(r, c)}`).join(", ")}
      where status = ${r}.status and agent_id = ${r}.agent_id`;
  const table = dialect === "postgres" ? "passport_milestone_counts." : "";
  const enter = (r: string) =>
    `insert into passport_milestone_counts (status, agent_id, n, ${COUNTED_MILESTONES.join(", ")})
      values (${r}.status, ${r}.agent_id, 1, ${COUNTED_MILESTONES.map((c) => flag(r, c)).join(", ")})
      on conflict (status, agent_id) do update set n = ${table}n + 1, ${COUNTED_MILESTONES.map((c) => `${c} = ${table}${c} + excluded.${c}`).join(", ")}`;
  const watched = ["status", "agent_id", ...COUNTED_MILESTONES];

  if (dialect === "sqlite") {
    const trigger = (name: string, event: string, steps: string[], when?: string) =>
      sql.raw(`create trigger ${name} after ${event} on passports ${when ? `when ${when}` : ""} begin ${steps.map((s) => `${s};`).join("\n")} end`).execute(db);
    await trigger("passports_milestones_insert", "insert", [enter("new")]);
    await trigger("passports_milestones_delete", "delete", [leave("old")]);
    await trigger("passports_milestones_update", `update of ${watched.join(", ")}`, [leave("old"), enter("new")], watched.map((c) => `old.${c} is not new.${c}`).join(" or "));
  } else {
    await sql.raw(`create function passports_milestones() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then ${leave("old")}; end if;
        if tg_op in ('INSERT', 'UPDATE') then ${enter("new")}; end if;
        return null;
      end $$`).execute(db);
    await sql`create trigger passports_milestones after insert or delete on passports for each row execute function passports_milestones()`.execute(db);
    await sql.raw(`create trigger passports_milestones_update after update of ${watched.join(", ")} on passports for each row
      when (${watched.map((c) => `old.${c} is distinct from new.${c}`).join(" or ")}) execute function passports_milestones()`).execute(db);
  }

  await sql.raw(`insert into passport_milestone_counts (status, agent_id, n, ${COUNTED_MILESTONES.join(", ")})
    select status, agent_id, count(*), ${COUNTED_MILESTONES.map((c) => `sum(${flag("passports", c)})`).join(", ")}
    from passports group by status, agent_id`).execute(db);
  await db.schema.dropIndex("passports_status_milestones_idx").execute();
}
