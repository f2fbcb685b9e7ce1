import { SearchOutlined } from "@ant-design/icons";
import { Button, Input, type InputRef, Space } from "antd";
import type { ColumnType } from "antd/es/table";
import type { FilterDropdownProps } from "antd/es/table/interface";
import { type KeyboardEvent, useEffect, useRef } from "react";

/**
 * antd draws a header's filter icon inside a span with role="button" but tabIndex -1, out of reach
 * of the keyboard. Once the icon is in the page this puts its trigger in the tab order and lets Enter
 * and Space open it, as they would a button.
 */
function reachableByKeyboard(icon: HTMLElement | null) {
  const trigger = icon?.closest<HTMLElement>(".ant-table-filter-trigger");
  // The copy of the header in a sticky table's hidden measuring row stays out of reach.
  if (!trigger || trigger.dataset.keyboard || trigger.closest(".ant-table-measure-row")) return;
  trigger.dataset.keyboard = "on";
  trigger.tabIndex = 0;
  trigger.setAttribute("aria-haspopup", "dialog");
  trigger.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    trigger.click();
  });
}

/** Gives focus to `element` once it can take it (the popup is still being placed when it opens). */
function focusWhenShown(element: () => HTMLElement | null | undefined, frames = 30) {
  let left = frames;
  let handle = 0;
  const attempt = () => {
    const target = element();
    if (target) target.focus({ preventScroll: true });
    if ((!target || document.activeElement !== target) && --left > 0) handle = requestAnimationFrame(attempt);
  };
  handle = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(handle);
}

/**
 * Puts focus on `element` and keeps it there for a few seconds while the list reloads (the filter is
 * sent after a pause, and the table may redraw its header when the reply comes, dropping focus to the
 * page: on a slow link that takes seconds); stops as soon as the user moves it elsewhere.
 */
function holdFocusOn(element: () => HTMLElement | null | undefined, left: HTMLElement | null, holdMs = 5000) {
  const until = performance.now() + holdMs;
  // The user's next key or click ends the hold: from then on focus is theirs to move.
  let released = false;
  const release = () => void (released = true);
  const events = ["keydown", "pointerdown"] as const;
  events.forEach((type) => window.addEventListener(type, release, { capture: true, once: true }));
  const attempt = () => {
    const target = element();
    const active = document.activeElement;
    // Lost: on the page, in the closed popup, or on a container around the icon.
    const lost = active === null || active === document.body || active === left || (!!target && active !== target && active.contains(target));
    if (!released && target && lost) target.focus({ preventScroll: true });
    if (!released && performance.now() < until) requestAnimationFrame(attempt);
    else events.forEach((type) => window.removeEventListener(type, release, { capture: true }));
  };
  requestAnimationFrame(attempt);
}

/** The keyboard-reachable trigger of the column titled `title`, if it is in the page. */
function filterTrigger(title: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(".ant-table-filter-trigger[data-keyboard]")].find(
    (trigger) => trigger.querySelector(`[aria-label="Filter ${CSS.escape(title)}"]`) !== null,
  );
}

interface SearchPopupProps extends FilterDropdownProps {
  title: string;
}

/** The popup's content: focus goes to its input on opening and back to the header's icon on closing. */
function SearchPopup({ title, selectedKeys, setSelectedKeys, confirm, clearFilters, close, visible }: SearchPopupProps) {
  const input = useRef<InputRef>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (visible) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return focusWhenShown(() => input.current?.input);
    }
    // Closed: if focus was in the popup (now hidden) or nowhere, give it back to the icon that opened
    // it, found again by its name in case the table drew its header anew meanwhile.
    const active = document.activeElement;
    const aroundOpener = active !== null && opener.current !== null && active !== opener.current && active.contains(opener.current);
    if (!opener.current || !(active === null || active === document.body || active === input.current?.input || aroundOpener)) return;
    const popup = input.current?.input ?? null;
    holdFocusOn(() => filterTrigger(title) ?? opener.current, popup);
  }, [visible]);

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed here are the input's, not the table's; Escape closes the popup.
    event.stopPropagation();
    if (event.key === "Escape") close();
  };

  return (
    <div role="dialog" aria-label={`${title} filter`} style={{ padding: 8 }} onKeyDown={onKeyDown}>
      <Input
        ref={input}
        placeholder={`Search ${title}`}
        aria-label={`Search ${title}`}
        value={(selectedKeys[0] as string | undefined) ?? ""}
        onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
        onPressEnter={() => confirm()}
        style={{ marginBottom: 8, display: "block" }}
      />
      <Space>
        <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => confirm()} style={{ width: 90 }}>
          Search
        </Button>
        <Button
          size="small"
          style={{ width: 90 }}
          onClick={() => {
            clearFilters?.();
            confirm();
          }}
        >
          Reset
        </Button>
      </Space>
    </div>
  );
}

/**
 * Header filter popup for a text column (spec §2): an input with Search and Reset. Filtering happens on
 * the server, so the value reaches the table's `onChange(pagination, filters)` as `filters[dataIndex]`.
 * Pass the current (URL) value as `activeValue` to keep the popup and the icon in step with it. The
 * icon is reached with Tab and opened with Enter or Space; the popup's input then has the focus.
 */
export function columnSearchProps<T>(dataIndex: string, title: string, activeValue?: string | null): ColumnType<T> {
  const props: ColumnType<T> = {
    filterDropdown: (dropdown) => <SearchPopup {...dropdown} title={title} />,
    filterIcon: (filtered: boolean) => (
      <SearchOutlined ref={reachableByKeyboard} aria-label={`Filter ${title}`} style={{ color: filtered ? "#0958d9" : undefined }} />
    ),
  };
  if (activeValue !== undefined) props.filteredValue = activeValue ? [activeValue] : null;
  return props;
}
