import { useCallback, useMemo, useSyncExternalStore } from "react";
import {
  type ChosenColumn,
  type ColumnChoice,
  chosenColumns,
  parseColumnChoice,
  readColumnChoice,
  subscribeToColumnChoices,
  writeColumnChoice,
} from "./column-choice";

export { columnChoiceKey } from "./column-choice";

export interface ColumnChoiceState<Id extends string = string> {
  /** Every choosable column in the order shown, with whether it is shown and may be changed. */
  columns: ChosenColumn<Id>[];
  /** The declared columns to show, in the chosen order. */
  visible: Id[];
  /** True once the user changed anything (Reset columns is then worth offering). */
  customised: boolean;
  toggle: (id: Id) => void;
  /** Moves a column one place towards the start (-1) or the end (+1) among the movable ones. */
  move: (id: Id, by: -1 | 1) => void;
  reset: () => void;
}

/**
 * The column chooser's state for one list: `declared` are the list's columns in declared order,
 * `locked` those that always show in place (chosenColumns).
 */
export function useColumnChoice<Id extends string>(key: string, declared: readonly Id[], locked: ReadonlySet<Id>): ColumnChoiceState<Id> {
  const raw = useSyncExternalStore(subscribeToColumnChoices, () => readColumnChoice(key), () => null);
  const saved = useMemo(() => parseColumnChoice(raw), [raw]);

  const columns = useMemo(() => chosenColumns(declared, locked, saved), [declared, locked, saved]);

  const save = useCallback(
    (change: (choice: ColumnChoice<Id>) => ColumnChoice<Id>) => {
      const current: ColumnChoice<Id> = {
        order: columns.filter((c) => !c.locked).map((c) => c.id),
        hidden: columns.filter((c) => !c.shown).map((c) => c.id),
      };
      writeColumnChoice(key, change(current));
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
    reset: () => writeColumnChoice(key, null),
  };
}
