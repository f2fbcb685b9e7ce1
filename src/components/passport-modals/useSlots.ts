import { useList } from "@refinedev/core";
import type { Slot } from "../../contract";
import { failureOf } from "../LoadFailed";
import { slots as slotsResource } from "../../resources/slots";

/** Every slot (GET /slot/get-all-slots), shared with the Slot Creation list so it refreshes with it. */
export function useSlots() {
  const { result, query } = useList<Slot>({ resource: slotsResource.identifier, pagination: { mode: "off" } });
  return {
    slots: result.data,
    loaded: query.isSuccess,
    ...failureOf(query),
  };
}
