/*
 * The columns a user chose for a list, kept in this browser: plain functions, without React, so that
 * the first screen (src/first-screen) draws the same columns before the app's code has loaded.
 */

/** What a user chose for one list: the order of the movable columns and those hidden. */
export interface ColumnChoice<Id extends string = string> {
  order: Id[];
  hidden: Id[];
}

/** A choosable column, in the order shown: whether it is shown, and whether it may be changed. */
export interface ChosenColumn<Id extends string = string> {
  id: Id;
  shown: boolean;
  locked: boolean;
}

const PREFIX = "passport-columns";
const listeners = new Set<() => void>();

/** Kept in the browser per user and per list: `passport-columns:<userId>:<list identifier>`. */
export const columnChoiceKey = (userId: number | string | undefined, list: string) => `${PREFIX}:${userId ?? "anonymous"}:${list}`;

export function readColumnChoice(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeColumnChoice(key: string, choice: ColumnChoice | null) {
  try {
    if (choice) localStorage.setItem(key, JSON.stringify(choice));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or blocked: the choice lasts until the page is left.
  }
  for (const listener of listeners) listener();
}

export function parseColumnChoice(raw: string | null): ColumnChoice | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ColumnChoice>;
    return { order: Array.isArray(value.order) ? value.order : [], hidden: Array.isArray(value.hidden) ? value.hidden : [] };
  } catch {
    return null;
  }
}

export const subscribeToColumnChoices = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The choice saved under `key` in this browser, if any. */
export const savedColumnChoice = (key: string): ColumnChoice | null => parseColumnChoice(readColumnChoice(key));

/**
 * A list's columns as `saved` orders and shows them: `declared` in declared order, `locked` those
 * that always show in place (the pinned serial and name). Columns declared later than a saved choice
 * appear where declared; columns no longer declared are ignored.
 */
export function chosenColumns<Id extends string>(
  declared: readonly Id[],
  locked: ReadonlySet<Id>,
  saved: ColumnChoice<string> | null,
): ChosenColumn<Id>[] {
  const movable = declared.filter((id) => !locked.has(id));
  const order = saved ? (saved.order.filter((id) => (movable as readonly string[]).includes(id)) as Id[]) : [];
  movable.forEach((id, index) => {
    if (order.includes(id)) return;
    // A column the saved order does not know goes after its declared predecessor.
    const before = movable.slice(0, index).reverse().find((prev) => order.includes(prev));
    order.splice(before ? order.indexOf(before) + 1 : 0, 0, id);
  });
  const hidden = new Set<string>(saved?.hidden ?? []);
  return [
    ...declared.filter((id) => locked.has(id)).map((id) => ({ id, shown: true, locked: true })),
    ...order.map((id) => ({ id, shown: !hidden.has(id), locked: false })),
  ];
}
