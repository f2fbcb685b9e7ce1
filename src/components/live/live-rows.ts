/**
 * What a live list shows (issue 29, docs/live-app.md), as plain functions: after a refetch caused by
 * someone else's change, rows still in the list stay where they were with their new values, rows that
 * left fade out where they were, and rows that came in because of a change are held back behind a
 * notice until the user asks for them. A refetch of the user's own (paging, filters, their own write,
 * "show") is taken as it comes.
 */
export type RowKey = string | number;
type Keyed = { id?: RowKey };

export interface LiveRows<Row extends Keyed> {
  /** The query (resource, page, filters, sort) these rows are of. */
  key: string;
  /** The data (react-query's dataUpdatedAt) they were made from. */
  at: number;
  /** The rows shown, in the order shown, leaving ones included. */
  order: RowKey[];
  /** Each shown row as last fetched: a leaving row is drawn from it. */
  known: Map<RowKey, Row>;
  /** Rows fading out: no longer in the list. */
  leaving: Set<RowKey>;
  /** Rows newly in the list, not shown until the user asks. */
  held: RowKey[];
}

/** Which ids events named since the last refetch; "all" after a gap in the stream (any row may be new). */
export type Touched = ReadonlySet<RowKey> | "all";

const idOf = (row: Keyed): RowKey => row.id as RowKey;

export function acceptRows<Row extends Keyed>(rows: readonly Row[], key: string, at: number): LiveRows<Row> {
  return { key, at, order: rows.map(idOf), known: new Map(rows.map((row) => [idOf(row), row])), leaving: new Set(), held: [] };
}

export function mergeLiveRows<Row extends Keyed>(previous: LiveRows<Row>, rows: readonly Row[], at: number, touched: Touched): LiveRows<Row> {
  const fetched = new Map(rows.map((row) => [idOf(row), row]));
  const kept = previous.order.filter((id) => fetched.has(id));
  const keptSet = new Set(kept);
  const wasHeld = new Set(previous.held);
  // A newcomer named by an event (or any, after a gap) is new to the list; one no event named only
  // moved up from the next page as rows left, and takes its place at the foot.
  const isNew = (id: RowKey) => touched === "all" || touched.has(id) || wasHeld.has(id);
  const held = rows.map(idOf).filter((id) => !keptSet.has(id) && isNew(id));
  const heldSet = new Set(held);

  // Kept rows keep their order; a row moved up takes the slot the server gives it.
  const queue = [...kept];
  const order: RowKey[] = [];
  for (const row of rows) {
    const id = idOf(row);
    if (heldSet.has(id)) continue;
    order.push(keptSet.has(id) ? queue.shift()! : id);
  }
  const gone = previous.order.map((id, index) => ({ id, index })).filter(({ id }) => !fetched.has(id));
  for (const { id, index } of gone) order.splice(Math.min(index, order.length), 0, id);

  const known = new Map<RowKey, Row>();
  for (const id of order) known.set(id, fetched.get(id) ?? previous.known.get(id)!);
  return { key: previous.key, at, order, known, leaving: new Set(gone.map(({ id }) => id)), held };
}

/** The rows as the list draws them. */
export const rowsOf = <Row extends Keyed>(state: LiveRows<Row>): Row[] => state.order.map((id) => state.known.get(id)!).filter(Boolean);

/** The faded rows gone. */
export function dropLeaving<Row extends Keyed>(state: LiveRows<Row>): LiveRows<Row> {
  if (state.leaving.size === 0) return state;
  const order = state.order.filter((id) => !state.leaving.has(id));
  return { ...state, order, known: new Map(order.map((id) => [id, state.known.get(id)!])), leaving: new Set() };
}
