import { SearchOutlined } from "@ant-design/icons";
import { Button, Input, Space } from "antd";
import type { ColumnType } from "antd/es/table";
import type { FilterDropdownProps } from "antd/es/table/interface";
import { type KeyboardEvent, type ReactNode, useRef } from "react";
import { useTranslation } from "react-i18next";
import { t } from "../../i18n/i18n";

/** What a popup edits instead of the text input: a select, a date range... (the declared lists). */
export interface FilterEditorProps {
  /** The popup's values (antd's selectedKeys): one for a choice, two (from, to) for a range. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Applies the filter, as Enter in the text input does. */
  onSubmit: () => void;
  /** The accessible name of the control ("Filter Country"). */
  label: string;
}
export type FilterEditor = (props: FilterEditorProps) => ReactNode;

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
  const attempt = () => {
    const target = element();
    if (target) target.focus({ preventScroll: true });
    if ((!target || document.activeElement !== target) && --left > 0) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}

/**
 * Puts focus on `element` and keeps it there for a few seconds while the list reloads (the closing
 * popup hides its input a moment later, the filter is sent after a pause, and the table may redraw its
 * header when the reply comes, each dropping focus to the page); stops as soon as the user acts.
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
    const lost = active === null || active === document.body || !!left?.contains(active) || (!!target && active !== target && active.contains(target));
    if (!released && target && lost) target.focus({ preventScroll: true });
    if (!released && performance.now() < until) requestAnimationFrame(attempt);
    else events.forEach((type) => window.removeEventListener(type, release, { capture: true }));
  };
  requestAnimationFrame(attempt);
}

/** The header icon's name, "Filter Full Name"; also the popup editor's. */
const filterLabel = (title: string) => t("filters.filterColumn", { column: title });
/** The popup's name, "Full Name filter". */
const popupLabel = (title: string) => t("filters.popup", { column: title });

/** The keyboard-reachable trigger of the column titled `title`, if it is in the page. */
function filterTrigger(title: string): HTMLElement | undefined {
  return [...document.querySelectorAll<HTMLElement>(".ant-table-filter-trigger[data-keyboard]")].find(
    (trigger) => trigger.querySelector("[aria-label]")?.getAttribute("aria-label") === filterLabel(title),
  );
}

/** The input of the column titled `title`'s popup, while that popup is open. */
function openPopupInput(title: string): HTMLInputElement | undefined {
  if (!filterTrigger(title)?.classList.contains("ant-dropdown-open")) return undefined;
  const popup = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((dialog) => dialog.getAttribute("aria-label") === popupLabel(title));
  return popup?.querySelector("input") ?? undefined;
}

interface SearchPopupProps extends FilterDropdownProps {
  title: string;
  editor?: FilterEditor;
}

/**
 * The popup's content. Closed from within (Enter, Search, Reset, Escape), it gives focus back to the
 * header's icon; a click outside leaves focus where it lands. Not done on `visible` turning false: antd
 * keeps a closed popup's content as it last rendered (rc-trigger caches it), so this component never
 * sees `visible` change after its first opening.
 */
function SearchPopup({ title, editor, selectedKeys, setSelectedKeys, confirm, clearFilters, close }: SearchPopupProps) {
  const dialog = useRef<HTMLDivElement>(null);
  useTranslation(); // drawn anew in the other language

  const closeWith = (action: () => void) => {
    action();
    // Found by its name each time, in case the table draws its header anew meanwhile.
    holdFocusOn(() => filterTrigger(title), dialog.current);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Keys typed here are the input's, not the table's; Escape closes the popup.
    event.stopPropagation();
    if (event.key === "Escape") closeWith(close);
  };

  return (
    <div ref={dialog} role="dialog" aria-label={popupLabel(title)} style={{ padding: 8 }} onKeyDown={onKeyDown}>
      {editor ? (
        <div style={{ marginBottom: 8 }}>
          {editor({ value: selectedKeys.map(String), onChange: setSelectedKeys, onSubmit: () => closeWith(confirm), label: filterLabel(title) })}
        </div>
      ) : (
        <Input
          placeholder={t("filters.searchColumn", { column: title })}
          aria-label={t("filters.searchColumn", { column: title })}
          value={(selectedKeys[0] as string | undefined) ?? ""}
          onChange={(event) => setSelectedKeys(event.target.value ? [event.target.value] : [])}
          onPressEnter={() => closeWith(confirm)}
          style={{ marginBottom: 8, display: "block" }}
        />
      )}
      <Space>
        <Button type="primary" size="small" icon={<SearchOutlined />} onClick={() => closeWith(confirm)} style={{ width: 90 }}>
          {t("filters.search")}
        </Button>
        <Button
          size="small"
          style={{ width: 90 }}
          onClick={() =>
            closeWith(() => {
              clearFilters?.();
              confirm();
            })
          }
        >
          {t("filters.reset")}
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
 * `editor` replaces the text input (a select, a date range), `activeValue` then being its values.
 */
export function columnSearchProps<T>(dataIndex: string, title: string, activeValue?: string | readonly string[] | null, editor?: FilterEditor): ColumnType<T> {
  const props: ColumnType<T> = {
    filterDropdown: (dropdown) => <SearchPopup {...dropdown} title={title} editor={editor} />,
    // On every opening, by the mouse or the keyboard, the popup's input takes the focus.
    filterDropdownProps: {
      onOpenChange: (open) => {
        if (open) focusWhenShown(() => openPopupInput(title));
      },
    },
    filterIcon: (filtered: boolean) => (
      <SearchOutlined ref={reachableByKeyboard} aria-label={filterLabel(title)} style={{ color: filtered ? "#0958d9" : undefined }} />
    ),
  };
  if (activeValue !== undefined) {
    const values = typeof activeValue === "string" ? [activeValue] : (activeValue ?? []);
    props.filteredValue = values.some(Boolean) ? [...values] : null;
  }
  return props;
}
