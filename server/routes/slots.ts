/** Slots (spec §7 "Slots"): admins manage them; the passport forms list them. */
import { type Kysely, sql } from "kysely";
import { type Slot, PATHS, idParamSchema, slotInputSchema } from "../../src/contract";
import type { RouteModule } from "../context";
import type { DB } from "../db/schema";
import { fromDbCount } from "../db/values";
import { conflict, notFound } from "../http/errors";
import { ok } from "../http/envelope";
import { parse } from "../http/validate";

const toSlot = (row: { id: number; slot_name: string }): Slot => ({ id: row.id, slotName: row.slot_name });

const nameTaken = (slotName: string) => conflict(`Slot ${slotName} already exists`, { slotName: `Slot ${slotName} already exists` });

const isUniqueViolation = (error: unknown) => ["SQLITE_CONSTRAINT_UNIQUE", "23505"].includes((error as { code?: string }).code ?? "");

async function assertNameFree(db: Kysely<DB>, slotName: string, exceptId?: number) {
  let query = db.selectFrom("slots").select("id").where(sql`lower(slot_name)`, "=", slotName.toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw nameTaken(slotName);
}

/** Runs a write that the unique index may refuse when another request took the name meanwhile. */
async function withNameCheck<T>(slotName: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(slotName);
    throw error;
  }
}

export const slotRoutes: RouteModule = (app, ctx) => {
  app.get(PATHS.allSlots, { config: { access: ["ADMIN", "SUPER_ADMIN"] } }, async () => {
    const rows = await ctx.db.selectFrom("slots").select(["id", "slot_name"]).orderBy("id").execute();
    return ok(rows.map(toSlot));
  });

  app.post(PATHS.addSlot, { config: { access: ["ADMIN"] } }, async (request, reply) => {
    const { slotName } = parse(slotInputSchema, request.body);
    await assertNameFree(ctx.db, slotName);
    const row = await withNameCheck(slotName, () =>
      ctx.db.insertInto("slots").values({ slot_name: slotName }).returning(["id", "slot_name"]).executeTakeFirstOrThrow(),
    );
    return reply.code(201).send(ok(toSlot(row), "Slot Added Successfully!"));
  });

  app.put(PATHS.updateSlot, { config: { access: ["ADMIN"] } }, async (request) => {
    const { id } = parse(idParamSchema, request.params);
    const { slotName } = parse(slotInputSchema, request.body);
    const row = await withNameCheck(slotName, () =>
      ctx.db.transaction().execute(async (trx) => {
        if (!(await trx.selectFrom("slots").select("id").where("id", "=", id).executeTakeFirst())) throw notFound("Slot");
        await assertNameFree(trx, slotName, id);
        return trx.updateTable("slots").set({ slot_name: slotName }).where("id", "=", id).returning(["id", "slot_name"]).executeTakeFirstOrThrow();
      }),
    );
    return ok(toSlot(row), "Slot Updated Successfully!");
  });

  app.delete(PATHS.deleteSlot, { config: { access: ["ADMIN"] } }, async (request) => {
    const { id } = parse(idParamSchema, request.params);
    await ctx.db.transaction().execute(async (trx) => {
      // FOR UPDATE conflicts with the key-share lock a passport insert or slot change takes on the
      // slot, so no passport can start using it between the count and the delete. SQLite runs one
      // transaction at a time on its single connection, which gives the same guarantee.
      const lookup = trx.selectFrom("slots").select("slot_name").where("id", "=", id);
      const slot = await (ctx.dialect === "postgres" ? lookup.forUpdate() : lookup).executeTakeFirst();
      if (!slot) throw notFound("Slot");
      const { count } = await trx
        .selectFrom("passports")
        .select((eb) => eb.fn.countAll().as("count"))
        .where("slot_id", "=", id)
        .executeTakeFirstOrThrow();
      const passports = fromDbCount(count);
      if (passports > 0) {
        throw conflict(`Slot ${slot.slot_name} is used by ${passports} passport(s); move them to another slot before deleting it`);
      }
      await trx.deleteFrom("slots").where("id", "=", id).execute();
    });
    return ok(null, "Slot Deleted Successfully!");
  });
};
