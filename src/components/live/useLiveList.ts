import { type BaseRecord, type HttpError, type LiveEvent, useList, type UseListProps } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { isResyncEvent } from "../../providers/live-provider";
import { acceptRows, dropLeaving, type LiveRows, mergeLiveRows, type RowKey, rowsOf, type Touched } from "./live-rows";
import { focusAfterLeaving, focusRow } from "./row-focus";

/** Events closer together than this are answered by one refetch. */
export const LIVE_REFETCH_DELAY_MS = 150;
/** While the user's own write (or the refetch after it) is under way, events wait this long, again and again. */
const WAIT_FOR_OWN_WRITE_MS = 200;
/** After the user's own write settles, events wait this long for the refetch it causes to start. */
const AFTER_OWN_WRITE_MS = 500;
/** How long a row that left the list fades before it goes (the CSS animation's length, src/styles.css). */
export const LIVE_FADE_MS = 400;

export const LEAVING_ROW_CLASS = "live-row-leaving";

/**
 * Refine's useList, live (issue 29, docs/live-app.md): the resource's events (liveMode "manual")
 * refetch the rows shown quietly; rows update in place, rows that left fade out, new rows wait behind a
 * notice (`held`, `showHeld`). Every list table uses it, so every declared resource is live too.
 * Draw `rows`, `total` and `fetching` instead of useList's, put `listRef` on the element around the
 * rows and `rowClassName` on each row (which must carry `data-row-key`).
 */
export function useLiveList<Row extends BaseRecord>(props: UseListProps<Row, HttpError, Row>) {
  const queryClient = useQueryClient();
  const listRef = useRef<HTMLDivElement>(null);
  const live = useRef({
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    /** Ids named by events not yet refetched. */
    touched: new Set<RowKey>() as Set<RowKey> | "all",
    /** Those the refetch under way answers. */
    answering: new Set<RowKey>() as Touched,
    inFlight: false,
    /** When the quiet refetch under way began, and when the user's last write settled. */
    startedAt: 0,
    ownWriteAt: 0,
    /** dataUpdatedAt of the last quiet refetch's result. */
    resultAt: -1,
    refetch: undefined as undefined | (() => Promise<{ dataUpdatedAt: number }>),
    busy: (): boolean => false,
  });
  const [quiet, setQuiet] = useState(false);

  const runRefetch = useCallback(async function run() {
    const state = live.current;
    if (state.busy() || state.inFlight) {
      state.timer = setTimeout(run, WAIT_FOR_OWN_WRITE_MS);
      return;
    }
    state.answering = state.touched;
    state.touched = new Set();
    state.inFlight = true;
    state.startedAt = Date.now();
    setQuiet(true);
    try {
      const result = await state.refetch?.();
      if (result) state.resultAt = result.dataUpdatedAt;
    } finally {
      state.inFlight = false;
      setQuiet(false);
    }
  }, []);

  // Refine subscribes once with the first callback it is given: this one reads everything through the ref.
  const onLiveEvent = useCallback(
    (event: LiveEvent) => {
      const state = live.current;
      if (isResyncEvent(event)) state.touched = "all";
      else if (state.touched !== "all") for (const id of event.payload?.ids ?? []) state.touched.add(id);
      clearTimeout(state.timer);
      state.timer = setTimeout(runRefetch, LIVE_REFETCH_DELAY_MS);
    },
    [runRefetch],
  );
  useEffect(() => () => clearTimeout(live.current.timer), []);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && (event.action.type === "success" || event.action.type === "error")) live.current.ownWriteAt = Date.now();
      }),
    [queryClient],
  );

  const { result, query, ...rest } = useList<Row, HttpError, Row>({ ...props, liveMode: "manual", onLiveEvent });
  live.current.refetch = query.refetch;
  live.current.busy = () =>
    queryClient.isMutating() > 0 || (query.isFetching && !live.current.inFlight) || Date.now() - live.current.ownWriteAt < AFTER_OWN_WRITE_MS;

  // The rows shown: taken whole unless this data is the quiet refetch's answer.
  const key = JSON.stringify([props.resource, props.pagination, props.filters, props.sorters]);
  const data = result.data;
  const at = query.dataUpdatedAt;
  const [view, setView] = useState<LiveRows<Row>>(() => acceptRows(data, key, at));
  let shown = view;
  if (view.key !== key || view.at !== at) {
    // A write of the user's that settled meanwhile makes this the refetch after it: taken whole.
    const { inFlight, resultAt, startedAt, ownWriteAt } = live.current;
    const quietAnswer = view.key === key && (inFlight || at === resultAt) && ownWriteAt < startedAt;
    shown = quietAnswer ? mergeLiveRows(view, data, at, live.current.answering) : acceptRows(data, key, at);
    setView(shown);
  }

  // A row that left fades, then goes; focus in it moves to the next row first.
  const leavingKey = [...shown.leaving].join();
  useEffect(() => {
    if (shown.leaving.size === 0) return;
    const timer = setTimeout(() => {
      focusAfterLeaving(listRef.current, shown.leaving);
      setView((current) => dropLeaving(current));
    }, LIVE_FADE_MS);
    return () => clearTimeout(timer);
  }, [leavingKey]);

  const [focusOn, setFocusOn] = useState<RowKey | undefined>();
  useLayoutEffect(() => {
    if (focusOn === undefined) return;
    focusRow(listRef.current, focusOn);
    setFocusOn(undefined);
  }, [focusOn]);
  const showHeld = useCallback(() => {
    setFocusOn(shown.held[0]);
    setView(acceptRows(data, key, at));
    void query.refetch();
  }, [shown, data, key, at, query.refetch]);

  const leaving = shown.leaving;
  return {
    result,
    query,
    ...rest,
    rows: rowsOf(shown),
    /** The server's total, less the rows held back. */
    total: Math.max(0, (result.total ?? 0) - shown.held.length),
    /** Fetching for the user's own reasons (a quiet refetch shows no spinner). */
    fetching: query.isFetching && !quiet,
    held: shown.held.length,
    showHeld,
    listRef,
    rowClassName: (row: Row) => (leaving.has(row.id as RowKey) ? LEAVING_ROW_CLASS : ""),
  };
}
