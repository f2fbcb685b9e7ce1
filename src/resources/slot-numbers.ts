import { MAX_SLOT_NAME, MSG, PATHS } from "../contract";
import { defineResource, field } from "./model";

/**
 * Slots as data (spec §7 "Slots"): served on the spec's paths with its envelope and messages (the
 * legacy dialect), by the engine every declared resource has; the table is migration 0001's. Admins
 * manage them and super admins read them for the passport form (docs/access.md). The screen is
 * declared in slots.ts.
 */
export const slotNumbers = defineResource({
  name: "slots",
  label: { one: "Slot", many: "Slots" },
  title: "slotName",
  fields: {
    slotName: field.text("Slot Number", {
      required: true,
      unique: true,
      max: MAX_SLOT_NAME,
      // The spec's list answers every slot in id order and takes no query.
      sortable: false,
      messages: { required: MSG.slotName, unique: "Slot {value} already exists" },
    }),
  },
  access: {
    list: ["ADMIN", "SUPER_ADMIN"],
    create: ["ADMIN"],
    update: ["ADMIN"],
    delete: ["ADMIN"],
  },
  defaultSort: { field: "id", order: "asc" },
  legacy: {
    dialect: "envelope",
    paths: { list: PATHS.allSlots, create: PATHS.addSlot, update: PATHS.updateSlot, delete: PATHS.deleteSlot },
    messages: { created: "Slot Added Successfully!", updated: "Slot Updated Successfully!", deleted: "Slot Deleted Successfully!" },
  },
  usedBy: [{ table: "passports", column: "slot_id", what: "passport(s)" }],
  texts: { inUse: "Slot {title} is used by {count} {what}; move them to another slot before deleting it" },
  systemColumns: false,
});
