import { useList } from "@refinedev/core";
import type { Slot } from "../../contract";
import { failureOf } from "../LoadFailed";
import { useResourceDeclarations } from "../resource-context";

/** Every slot (GET /slot/get-all-slots), shared with the Slot Creation list so it refreshes with it. */
export function useSlots() {
  const slotsResource = useResourceDeclarations().find((r) => r.name === "slots");
  if (!slotsResource) throw new Error("No resource declares the slots");
  const { result, query } = useList<Slot>({ resource: slotsResource.identifier, pagination: { mode: "off" } });
  return {
    slots: result.data,
    loaded: query.isSuccess,
    ...failureOf(query),
  };
}
