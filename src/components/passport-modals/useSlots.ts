import { useList } from "@refinedev/core";
import type { Slot } from "../../contract";
import { slots as slotsResource } from "../../resources/slots";

/** Every slot (GET /slot/get-all-slots), shared with the Slot Creation list so it refreshes with it. */
export function useSlots() {
  const { result, query } = useList<Slot>({ resource: slotsResource.identifier, pagination: { mode: "off" } });
  return {
    slots: result.data,
    loaded: query.isSuccess,
    /** The last attempt failed and none is under way (a retry shows the skeleton again). */
    failed: query.isError && !query.isFetching,
    retry: () => void query.refetch(),
  };
}
