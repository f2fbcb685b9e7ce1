/**
 * A client of GET /api/events for tests and benchmarks: fetch with the bearer token (as the app reads
 * it), the body parsed by eventsource-parser, every message (with the time it arrived) and comment
 * kept in arrival order.
 */
import { performance } from "node:perf_hooks";
import { type EventSourceMessage as ParsedMessage, createParser } from "eventsource-parser";
import { EVENTS_PATH } from "../../src/contract";

export interface EventSourceMessage extends ParsedMessage {
  /** performance.now() when it was parsed. */
  at: number;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The reply's body when it is not a stream (a refusal). */
  body: string;
  messages: EventSourceMessage[];
  comments: string[];
  /** Resolves when the server ends the stream (or close() was called). */
  ended: Promise<void>;
  readonly isEnded: boolean;
  /** The first message (already received or to come) that matches, or throws after `timeoutMs`. */
  next(match: (message: EventSourceMessage) => boolean, timeoutMs?: number): Promise<EventSourceMessage>;
  close(): void;
}

/** Every stream a test opened, for closeAllStreams in its afterEach. */
const opened = new Set<EventStream>();

export async function openStream(baseUrl: string, token: string | undefined, { lastEventId }: { lastEventId?: string } = {}): Promise<EventStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: "text/event-stream" };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId) headers["last-event-id"] = lastEventId;
  const res = await fetch(`${baseUrl}${EVENTS_PATH}`, { headers, signal: controller.signal });
  const messages: EventSourceMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  let isEnded = false;
  let body = "";
  const parser = createParser({ onEvent: (m) => (messages.push({ ...m, at: performance.now() }), wake()), onComment: (c) => (comments.push(c), wake()) });
  const ended = (async () => {
    if (!res.body) return;
    const isStream = res.headers.get("content-type")?.startsWith("text/event-stream");
    const decoder = new TextDecoder();
    try {
      const reader = res.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const text = decoder.decode(read.value, { stream: true });
        if (isStream) parser.feed(text);
        else body += text;
      }
    } catch {
      // aborted by close()
    } finally {
      isEnded = true;
      wake();
    }
  })();
  const stream: EventStream = {
    status: res.status,
    headers: res.headers,
    get body() {
      return body;
    },
    messages,
    comments,
    ended,
    get isEnded() {
      return isEnded;
    },
    next(match, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const got = () => `${messages.length} messages, the last: ${messages.slice(-3).map((m) => `${m.event} ${m.id} ${m.data.slice(0, 120)}`).join(" | ")}`;
        const check = () => {
          const found = messages.find(match);
          if (found) return done(() => resolve(found));
          if (isEnded) return done(() => reject(new Error(`The stream ended without the message; got ${got()}`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`No such message within ${timeoutMs} ms; got ${got()}`))), timeoutMs);
        const done = (settle: () => void) => {
          clearTimeout(timer);
          waiters.delete(check);
          settle();
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      controller.abort();
      opened.delete(stream);
    },
  };
  opened.add(stream);
  if (!stream.headers.get("content-type")?.startsWith("text/event-stream")) await ended;
  return stream;
}

export function closeAllStreams(): void {
  for (const stream of [...opened]) stream.close();
}

/** The `change` events' data received so far. */
export const changesOf = (stream: EventStream) => stream.messages.filter((m) => m.event === "change").map((m) => JSON.parse(m.data) as unknown);
