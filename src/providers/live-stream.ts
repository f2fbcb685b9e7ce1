import { createParser } from "eventsource-parser";
import { LIVE_CHANGE_EVENT, LIVE_HEARTBEAT_SECONDS, type LiveEvent, liveEventSchema } from "../contract/events";

/** The server's "start over" event: what the client holds may be out of date (docs/live-app.md). */
export const LIVE_RESET_EVENT = "reset";

/** Waits before each reconnection in a row; the last one repeats. */
export const LIVE_BACKOFF_MS = [1000, 2000, 5000, 10_000] as const;

/** A stream silent this long (no heartbeat either) is taken for dead and opened again. */
export const LIVE_SILENCE_MS = (LIVE_HEARTBEAT_SECONDS * 2 + 5) * 1000;

export interface LiveStreamOptions {
  url: string;
  /** The access token now (the session's). */
  token: () => string | null;
  /** The HTTP client's single-flight renewal after a 401; rejects (and the session ends) when the refresh fails. */
  renewToken: (sentToken: string | null) => Promise<string>;
  onChange: (event: LiveEvent) => void;
  /** The stream opened again after a gap, or the server sent `reset`: events may have been missed. */
  onResync: () => void;
  fetch?: typeof fetch;
  backoffMs?: readonly number[];
  silenceMs?: number;
}

export interface LiveStream {
  close(): void;
}

/**
 * `GET /api/events` read with fetch (the token goes in the Authorization header, which EventSource
 * cannot send) and parsed with eventsource-parser. Kept open until closed: reopened after a failure
 * or an end with backoff, sending the last event's id as `Last-Event-ID`; a 401 renews the token once
 * (the HTTP client's refresh) and reopens at once.
 */
export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const backoff = options.backoffMs ?? LIVE_BACKOFF_MS;
  const silenceMs = options.silenceMs ?? LIVE_SILENCE_MS;
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let closed = false;
  let controller: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastEventId: string | undefined;
  let failures = 0;
  let renewed = false;
  let missedSome = false;

  const parser = createParser({
    onEvent(message) {
      if (message.id) lastEventId = message.id;
      if (message.event === LIVE_RESET_EVENT) options.onResync();
      if (message.event !== LIVE_CHANGE_EVENT) return;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = liveEventSchema.safeParse(data);
      if (event.success) options.onChange(event.data);
    },
  });

  const retry = () => {
    if (closed) return;
    missedSome = true;
    const delay = backoff[Math.min(failures, backoff.length - 1)];
    failures += 1;
    retryTimer = setTimeout(connect, delay);
  };

  async function read(body: ReadableStream<Uint8Array>, abort: AbortController) {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let silence = setTimeout(() => abort.abort(), silenceMs);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        clearTimeout(silence);
        silence = setTimeout(() => abort.abort(), silenceMs);
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } finally {
      clearTimeout(silence);
      reader.releaseLock();
    }
  }

  async function connect() {
    if (closed) return;
    const sent = options.token();
    if (!sent) return;
    const abort = new AbortController();
    controller = abort;
    parser.reset();
    try {
      const headers: Record<string, string> = { Accept: "text/event-stream", Authorization: `Bearer ${sent}` };
      if (lastEventId !== undefined) headers["Last-Event-ID"] = lastEventId;
      const response = await fetchImpl(options.url, { headers, signal: abort.signal, cache: "no-store", credentials: "include" });
      if (closed) return;
      if (response.status === 401 && !renewed) {
        renewed = true;
        try {
          await options.renewToken(sent);
        } catch {
          return; // the session has ended; signing out closes the stream
        }
        return void connect();
      }
      if (!response.ok || !response.body) return retry();
      failures = 0;
      renewed = false;
      if (missedSome) {
        missedSome = false;
        options.onResync();
      }
      await read(response.body, abort);
    } catch {
      // a network failure, an abort (closed, or silent too long): reopened below unless closed
    }
    retry();
  }

  void connect();
  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      controller?.abort();
    },
  };
}
