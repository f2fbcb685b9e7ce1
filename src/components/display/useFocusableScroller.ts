import { type RefObject, useEffect } from "react";

/**
 * The part of a table that scrolls sideways takes focus, so it can be scrolled with the arrow keys
 * even on a list with no button in its rows (axe scrollable-region-focusable); it is named after the list.
 */
export function useFocusableScroller(frame: RefObject<HTMLElement | null>, label: string) {
  useEffect(() => {
    const scroller = frame.current?.querySelector<HTMLElement>(".ant-table-body, .ant-table-content");
    if (!scroller || scroller.tabIndex === 0) return;
    scroller.tabIndex = 0;
    scroller.setAttribute("role", "region");
    scroller.setAttribute("aria-label", label);
  });
}
