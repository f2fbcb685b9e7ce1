import { useSyncExternalStore } from "react";
import { SIDEBAR_BREAKPOINT_PX } from "../../config";

const subscribe = (onChange: () => void) => {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
};

/** True below the width at which the sidebar becomes a slide-in menu (spec §9: 1120 px). */
export function useIsNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth < SIDEBAR_BREAKPOINT_PX, () => false);
}
