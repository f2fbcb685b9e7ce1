import type { LiveEvent as RefineLiveEvent, LiveProvider } from "@refinedev/core";
import type { LiveEvent } from "../contract/events";
import type { LiveStream } from "./live-stream";

/** Refine's channel of a resource's events: every list of `name` (the passport lists share "passports"). */
export const liveChannelOf = (resource: string) => `resources/${resource}`;

/** Sent to every subscriber after a gap in the stream: anything may have changed, refetch what is shown. */
export const isResyncEvent = (event: RefineLiveEvent) => event.payload?.resync === true;

interface Subscriber {
  channel: string;
  types: RefineLiveEvent["type"][];
  callback: (event: RefineLiveEvent) => void;
}

export interface LiveProviderOptions {
  /** Opens the one stream, handing it where to send what arrives. */
  open: (handlers: { onChange: (event: LiveEvent) => void; onResync: () => void }) => LiveStream;
  /** The session: the stream is open only while there is a token. */
  session: { get(): { token: string | null }; subscribe(listener: () => void): () => void };
  /** How long the stream stays open once no one listens (a screen change unsubscribes then subscribes). */
  closeAfterMs?: number;
}

/**
 * Refine's liveProvider over one event stream per tab: opened with the first subscriber, closed a
 * moment after the last leaves and at once on sign-out. A change goes to the subscribers of its
 * resource's channel; a resync to every subscriber. No `publish`: a user's own writes come back from
 * the server like anyone's.
 */
export function createLiveProvider({ open, session, closeAfterMs = 2000 }: LiveProviderOptions): LiveProvider {
  const subscribers = new Set<Subscriber>();
  let stream: LiveStream | undefined;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;

  const deliver = (subscriber: Subscriber, event: RefineLiveEvent) => {
    try {
      subscriber.callback(event);
    } catch {
      // one screen's failure does not keep the event from the others
    }
  };

  const onChange = ({ resource, ids, kind }: LiveEvent) => {
    const channel = liveChannelOf(resource);
    const event: RefineLiveEvent = { channel, type: kind, payload: { ids }, date: new Date() };
    for (const subscriber of [...subscribers]) {
      if (subscriber.channel === channel && (subscriber.types.includes("*") || subscriber.types.includes(kind))) deliver(subscriber, event);
    }
  };
  const onResync = () => {
    for (const subscriber of [...subscribers]) deliver(subscriber, { channel: subscriber.channel, type: "*", payload: { resync: true }, date: new Date() });
  };

  const stop = () => {
    clearTimeout(closeTimer);
    stream?.close();
    stream = undefined;
  };
  const ensureOpen = () => {
    clearTimeout(closeTimer);
    if (!stream && subscribers.size > 0 && session.get().token) stream = open({ onChange, onResync });
  };
  session.subscribe(() => (session.get().token ? ensureOpen() : stop()));

  return {
    subscribe({ channel, types, callback }) {
      const subscriber: Subscriber = { channel, types, callback };
      subscribers.add(subscriber);
      ensureOpen();
      return subscriber;
    },
    unsubscribe(subscriber: Subscriber) {
      subscribers.delete(subscriber);
      if (subscribers.size > 0) return;
      clearTimeout(closeTimer);
      closeTimer = setTimeout(() => {
        if (subscribers.size === 0) stop();
      }, closeAfterMs);
    },
  };
}
