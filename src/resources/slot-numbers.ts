import { MAX_SLOT_NAME, MSG, PATHS } from "../contract";
import { defineResource, field } from "./model";

/**
 * Slots as data (spec §7 "Slots"): served on the spec's paths with its envelope and messages (the
 * legacy dialect), by the engine every declared resource has; the table is migration 0001's. Admins
 * manage them on the Slot Number Creation screen (spec §2, derived like every declared resource's);
 * super admins read them for the passport form (docs/access.md) and have no screen of them.
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
    export: ["ADMIN", "SUPER_ADMIN"],
    create: ["ADMIN"],
    update: ["ADMIN"],
    delete: ["ADMIN"],
  },
  defaultSort: { field: "id", order: "asc" },
  menu: { order: 2, label: "Slot Creation", roles: ["ADMIN"] },
  path: "slot-creation",
  heading: "Slot Number Creation",
  idColumn: "ID",
  legacy: {
    dialect: "envelope",
    paths: { list: PATHS.allSlots, create: PATHS.addSlot, update: PATHS.updateSlot, delete: PATHS.deleteSlot },
    messages: { created: "Slot Added Successfully!", updated: "Slot Updated Successfully!", deleted: "Slot Deleted Successfully!" },
  },
  usedBy: [{ table: "passports", column: "slot_id", what: "passport(s)" }],
  texts: {
    actions: "Action",
    createButton: "Create Slot",
    createTitle: "Create Slot Number",
    editTitle: "Update Slot Number",
    createSubmit: "Create Slot",
    editSubmit: "Update Slot",
    deleteConfirm: "Delete this slot number?",
    inUse: "Slot {title} is used by {count} {what}; move them to another slot before deleting it",
  },
  systemColumns: false,
});
