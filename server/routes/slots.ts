/** Slots (spec §7 "Slots"): admins manage them; the passport forms list them. */
import { type Slot, PATHS, idParamSchema, slotInputSchema } from "../../src/contract";
import type { RouteModule } from "../context";
import { conflict, notFound } from "../http/errors";
import { ok } from "../http/envelope";
import { parse } from "../http/validate";
import type { AppContext } from "../context";
import { sql } from "kysely";

const toSlot = (row: { id: number; slot_name: string }): Slot => ({ id: row.id, slotName: row.slot_name });

async function assertNameFree(ctx: AppContext, slotName: string, exceptId?: number) {
  let query = ctx.db.selectFrom("slots").select("id").where(sql`lower(slot_name)`, "=", slotName.toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw conflict(`Slot ${slotName} already exists`, { slotName: `Slot ${slotName} already exists` });
}

export const slotRoutes: RouteModule = (app, ctx) => {
  app.get(PATHS.allSlots, { config: { access: ["ADMIN", "SUPER_ADMIN"] } }, async () => {
    const rows = await ctx.db.selectFrom("slots").select(["id", "slot_name"]).orderBy("id").execute();
    return ok(rows.map(toSlot));
  });

  app.post(PATHS.addSlot, { config: { access: ["ADMIN"] } }, async (request, reply) => {
    const { slotName } = parse(slotInputSchema, request.body);
    await assertNameFree(ctx, slotName);
    const row = await ctx.db.insertInto("slots").values({ slot_name: slotName }).returning(["id", "slot_name"]).executeTakeFirstOrThrow();
    return reply.code(201).send(ok(toSlot(row), "Slot Added Successfully!"));
  });

  app.put(PATHS.updateSlot, { config: { access: ["ADMIN"] } }, async (request) => {
    const { id } = parse(idParamSchema, request.params);
    const { slotName } = parse(slotInputSchema, request.body);
    await assertNameFree(ctx, slotName, id);
    const row = await ctx.db.updateTable("slots").set({ slot_name: slotName }).where("id", "=", id).returning(["id", "slot_name"]).executeTakeFirst();
    if (!row) throw notFound("Slot");
    return ok(toSlot(row), "Slot Updated Successfully!");
  });

  app.delete(PATHS.deleteSlot, { config: { access: ["ADMIN"] } }, async (request) => {
    const { id } = parse(idParamSchema, request.params);
    const used = await ctx.db.selectFrom("passports").select("id").where("slot_id", "=", id).limit(1).executeTakeFirst();
    if (used) throw conflict("This slot is used by passports and cannot be deleted");
    const result = await ctx.db.deleteFrom("slots").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound("Slot");
    return ok(null, "Slot Deleted Successfully!");
  });
};
