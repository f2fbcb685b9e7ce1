import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { PassportColumnId } from "../../resources/passport-columns";

/** What a user chose for one list: the order of the movable columns and those hidden. */
export interface ColumnChoice {
  order: PassportColumnId[];
  hidden: PassportColumnId[];
}

export interface ColumnChoiceState {
  /** Every choosable column in the order shown, with whether it is shown and may be changed. */
  columns: { id: PassportColumnId; shown: boolean; locked: boolean }[];
  /** The declared columns to show, in the chosen order. */
  visible: PassportColumnId[];
  /** True once the user changed anything (Reset columns is then worth offering). */
  customised: boolean;
  toggle: (id: PassportColumnId) => void;
  /** Moves a column one place towards the start (-1) or the end (+1) among the movable ones. */
  move: (id: PassportColumnId, by: -1 | 1) => void;
  reset: () => void;
}

const PREFIX = "passport-columns";
const listeners = new Set<() => void>();

/** Kept in the browser per user and per list: `passport-columns:<userId>:<list identifier>`. */
export const columnChoiceKey = (userId: number | string | undefined, list: string) => `${PREFIX}:${userId ?? "anonymous"}:${list}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, choice: ColumnChoice | null) {
  try {
    if (choice) localStorage.setItem(key, JSON.stringify(choice));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or blocked: the choice lasts until the page is left.
  }
  for (const listener of listeners) listener();
}

function parse(raw: string | null): ColumnChoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ColumnChoice>;
    return { order: Array.isArray(value.order) ? value.order : [], hidden: Array.isArray(value.hidden) ? value.hidden : [] };
  } catch {
    return null;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The choice saved under `key` in this browser, if any. */
export const savedColumnChoice = (key: string): ColumnChoice | null => parse(read(key));

/**
 * A list's columns as `saved` orders and shows them: `declared` in declared order, `locked` those
 * that always show in place (the pinned serial and name). Columns declared later than a saved choice
 * appear where declared; columns no longer declared are ignored.
 */
export function chosenColumns(
  declared: readonly PassportColumnId[],
  locked: ReadonlySet<PassportColumnId>,
  saved: ColumnChoice | null,
): ColumnChoiceState["columns"] {
  const movable = declared.filter((id) => !locked.has(id));
  const order = saved ? [...saved.order.filter((id) => movable.includes(id))] : [];
  movable.forEach((id, index) => {
    if (order.includes(id)) return;
    // A column the saved order does not know goes after its declared predecessor.
    const before = movable.slice(0, index).reverse().find((prev) => order.includes(prev));
    order.splice(before ? order.indexOf(before) + 1 : 0, 0, id);
  });
  const hidden = new Set(saved?.hidden ?? []);
  return [
    ...declared.filter((id) => locked.has(id)).map((id) => ({ id, shown: true, locked: true })),
    ...order.map((id) => ({ id, shown: !hidden.has(id), locked: false })),
  ];
}

/**
 * The column chooser's state for one list: `declared` are the list's columns in declared order,
 * `locked` those that always show in place (chosenColumns).
 */
export function useColumnChoice(key: string, declared: readonly PassportColumnId[], locked: ReadonlySet<PassportColumnId>): ColumnChoiceState {
  const raw = useSyncExternalStore(subscribe, () => read(key), () => null);
  const saved = useMemo(() => parse(raw), [raw]);

  const columns = useMemo(() => chosenColumns(declared, locked, saved), [declared, locked, saved]);

  const save = useCallback(
    (change: (choice: ColumnChoice) => ColumnChoice) => {
      const current: ColumnChoice = {
        order: columns.filter((c) => !c.locked).map((c) => c.id),
        hidden: columns.filter((c) => !c.shown).map((c) => c.id),
      };
      write(key, change(current));
    },
    [columns, key],
  );

  return {
    columns,
    visible: columns.filter((c) => c.shown).map((c) => c.id),
    customised: saved !== null,
    toggle: (id) =>
      save((c) => ({ ...c, hidden: c.hidden.includes(id) ? c.hidden.filter((h) => h !== id) : [...c.hidden, id] })),
    move: (id, by) =>
      save((c) => {
        const order = [...c.order];
        const from = order.indexOf(id);
        const to = from + by;
        if (from < 0 || to < 0 || to >= order.length) return c;
        [order[from], order[to]] = [order[to], order[from]];
        return { ...c, order };
      }),
    reset: () => write(key, null),
  };
}
