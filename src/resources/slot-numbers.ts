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
  label: { one: { en: "Slot", bn: "স্লট" }, many: { en: "Slots", bn: "স্লট" } },
  title: "slotName",
  fields: {
    slotName: field.text({ en: "Slot Number", bn: "স্লট নম্বর" }, {
      required: true,
      unique: true,
      max: MAX_SLOT_NAME,
      // The spec's list answers every slot in id order and takes no query.
      sortable: false,
      messages: { required: MSG.slotName, unique: { en: "Slot {value} already exists", bn: "স্লট {value} আগে থেকেই আছে" } },
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
  menu: { order: 2, label: { en: "Slot Creation", bn: "স্লট তৈরি" }, roles: ["ADMIN"] },
  path: "slot-creation",
  heading: { en: "Slot Number Creation", bn: "স্লট নম্বর তৈরি" },
  idColumn: "ID",
  legacy: {
    dialect: "envelope",
    paths: { list: PATHS.allSlots, create: PATHS.addSlot, update: PATHS.updateSlot, delete: PATHS.deleteSlot },
    messages: {
      created: { en: "Slot Added Successfully!", bn: "স্লট সফলভাবে যোগ করা হয়েছে!" },
      updated: { en: "Slot Updated Successfully!", bn: "স্লট সফলভাবে হালনাগাদ করা হয়েছে!" },
      deleted: { en: "Slot Deleted Successfully!", bn: "স্লট সফলভাবে মুছে ফেলা হয়েছে!" },
    },
  },
  usedBy: [{ table: "passports", column: "slot_id", what: "passport(s)" }],
  texts: {
    actions: { en: "Action", bn: "কার্যক্রম" },
    createButton: { en: "Create Slot", bn: "স্লট তৈরি করুন" },
    createTitle: { en: "Create Slot Number", bn: "স্লট নম্বর তৈরি করুন" },
    editTitle: { en: "Update Slot Number", bn: "স্লট নম্বর হালনাগাদ করুন" },
    createSubmit: { en: "Create Slot", bn: "স্লট তৈরি করুন" },
    editSubmit: { en: "Update Slot", bn: "স্লট হালনাগাদ করুন" },
    deleteConfirm: { en: "Delete this slot number?", bn: "এই স্লট নম্বর মুছবেন?" },
    inUse: "Slot {title} is used by {count} {what}; move them to another slot before deleting it",
  },
  systemColumns: false,
});
