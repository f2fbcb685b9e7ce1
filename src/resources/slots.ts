import { PATHS } from "../contract";
import { placeholder } from "./placeholder";
import type { ResourceDeclaration } from "./types";

/** Spec §2 Slot Number Creation Table; slots are managed by admins only (§6). */
export const slots: ResourceDeclaration = {
  identifier: "slots",
  name: "slots",
  label: "Slot Creation",
  role: "ADMIN",
  pages: { list: { path: "slot-creation", page: placeholder("Slot Number Creation") } },
  menu: [{ label: "Slot Creation", order: 2 }],
  actions: { create: ["ADMIN"], edit: ["ADMIN"], delete: ["ADMIN"] },
  api: {
    list: { path: PATHS.allSlots },
    create: { path: PATHS.addSlot },
    update: { path: PATHS.updateSlot },
    delete: PATHS.deleteSlot,
  },
};
