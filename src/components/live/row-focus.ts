import type { RowKey } from "./live-rows";

/** Rows are found by antd's `data-row-key` (the cards carry it too). */
const ROW_SELECTOR = "[data-row-key]";
const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex='-1'])";

function focusInto(row: HTMLElement) {
  const control = row.querySelector<HTMLElement>(FOCUSABLE);
  if (control) return control.focus();
  if (!row.hasAttribute("tabindex")) row.tabIndex = -1;
  row.focus();
}

/**
 * Before rows that left the list are taken away: if focus is in one of them, it moves to the next row
 * staying (or the one before, or the list itself), so a keyboard user is not thrown to the page's top.
 */
export function focusAfterLeaving(list: HTMLElement | null, leaving: ReadonlySet<RowKey>) {
  const active = document.activeElement;
  if (!list || !active || !list.contains(active)) return;
  const row = active.closest<HTMLElement>(ROW_SELECTOR);
  const isLeaving = (element: HTMLElement) => [...leaving].some((id) => String(id) === element.dataset.rowKey);
  if (!row || !isLeaving(row)) return;
  const rows = [...list.querySelectorAll<HTMLElement>(ROW_SELECTOR)];
  const at = rows.indexOf(row);
  const next = rows.slice(at + 1).find((r) => !isLeaving(r)) ?? rows.slice(0, at).reverse().find((r) => !isLeaving(r));
  if (next) return focusInto(next);
  if (!list.hasAttribute("tabindex")) list.tabIndex = -1;
  list.focus();
}

/** Focus to a row (the first new one, after "show"), or the list when it is not drawn. */
export function focusRow(list: HTMLElement | null, id: RowKey) {
  if (!list) return;
  const row = [...list.querySelectorAll<HTMLElement>(ROW_SELECTOR)].find((r) => r.dataset.rowKey === String(id));
  if (row) return focusInto(row);
  if (!list.hasAttribute("tabindex")) list.tabIndex = -1;
  list.focus();
}
