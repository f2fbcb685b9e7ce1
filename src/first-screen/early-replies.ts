import { API_BASE_URL } from "../config";
import type { Envelope } from "../contract/envelope";

/** As long as the data provider's own prefetched replies wait for their screen. */
const EARLY_REPLY_TTL_MS = 30_000;

const replies = new Map<string, { reply: Promise<Envelope | undefined>; at: number }>();

/** The envelope of a GET, or undefined when it failed in any way (the app's client will ask again). */
async function fetchEnvelope(url: string, token: string): Promise<Envelope | undefined> {
  try {
    const response = await fetch(`${API_BASE_URL}${url}`, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
    if (!response.ok) return undefined;
    const envelope = (await response.json()) as Envelope;
    return envelope && envelope.success !== false ? envelope : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Requests a list at start-up, before the app's HTTP client has loaded (src/first-screen/start.ts
 * and src/main.tsx), unless it is already asked for or the browser is offline (the app's own request
 * then waits for the network).
 */
export function requestEarly(url: string, token: string): Promise<Envelope | undefined> | undefined {
  const asked = replies.get(url);
  if (asked) return asked.reply;
  if (navigator.onLine === false) return undefined;
  const reply = fetchEnvelope(url, token);
  replies.set(url, { reply, at: Date.now() });
  return reply;
}

/**
 * The data provider answers the first request for `url` with the early reply, once, instead of
 * asking again; `undefined` when there is none or it failed, and the provider asks through its
 * client, which knows how to refresh a session or report an error.
 */
export async function takeEarlyReply(url: string): Promise<Envelope | undefined> {
  const early = replies.get(url);
  if (!early) return undefined;
  replies.delete(url);
  return Date.now() - early.at < EARLY_REPLY_TTL_MS ? early.reply : undefined;
}

/** At sign-out: a reply fetched for one user is not handed to the next. */
export function forgetEarlyReplies(): void {
  replies.clear();
}
