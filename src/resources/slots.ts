import { MSG, PATHS, slotInputSchema } from "../contract";
import type { ResourceDeclaration } from "./types";

/**
 * Spec §2 Slot Number Creation Table; slots are managed by admins only (§6). The screen is the
 * generic list page and form modal, driven by `crud`.
 */
export const slots: ResourceDeclaration = {
  identifier: "slots",
  name: "slots",
  label: "Slot Creation",
  role: "ADMIN",
  pages: { list: { path: "slot-creation", page: "generic-list" } },
  menu: [{ label: "Slot Creation", order: 2 }],
  actions: { create: ["ADMIN"], edit: ["ADMIN"], delete: ["ADMIN"] },
  api: {
    list: { path: PATHS.allSlots },
    create: { path: PATHS.addSlot },
    update: { path: PATHS.updateSlot },
    delete: PATHS.deleteSlot,
  },
  crud: {
    title: "Slot Number Creation",
    columns: [
      { key: "id", title: "ID" },
      { key: "slotName", title: "Slot Number" },
    ],
    actionsTitle: "Action",
    fields: [{ name: "slotName", label: "Slot Number", placeholder: MSG.slotName }],
    recordName: "slotName",
    schema: slotInputSchema,
    texts: {
      createButton: "Create Slot",
      createTitle: "Create Slot Number",
      editTitle: "Update Slot Number",
      createSubmit: "Create Slot",
      editSubmit: "Update Slot",
      deleteConfirm: "Delete this slot number?",
    },
    messages: {
      created: "Slot Added Successfully!",
      updated: "Slot Updated Successfully!",
      deleted: "Slot Deleted Successfully!",
    },
  },
};
