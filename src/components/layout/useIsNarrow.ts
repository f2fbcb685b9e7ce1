import { useSyncExternalStore } from "react";
import { PHONE_BREAKPOINT_PX, SIDEBAR_BREAKPOINT_PX } from "../../config";

const subscribe = (onChange: () => void) => {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
};

function useWindowNarrowerThan(px: number): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth < px, () => false);
}

/** True below the width at which the sidebar becomes a slide-in menu (spec §9: 1120 px). */
export function useIsNarrow(): boolean {
  return useWindowNarrowerThan(SIDEBAR_BREAKPOINT_PX);
}

/** True on a phone-sized window (below 600 px): cards instead of tables, a one-row top bar. */
export function useIsPhone(): boolean {
  return useWindowNarrowerThan(PHONE_BREAKPOINT_PX);
}
