/**
 * The live event stream (issue 29, docs/live.md): `GET /api/events`, server-sent events, authenticated
 * with the access token in the Authorization header. After each commit that changes a passport, slot,
 * user or declared record, an event whose data is a `LiveEvent`, sent only to users who may see it.
 */
import { z } from "zod";

export const EVENTS_PATH = "/api/events";

export const LIVE_EVENT_KINDS = ["created", "updated", "deleted"] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** `resource`: "passports", "slots", "users", or a declared resource's name (its Refine resource name). */
export const liveEventSchema = z.object({
  resource: z.string().min(1),
  ids: z.array(z.number().int()),
  kind: z.enum(LIVE_EVENT_KINDS),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The SSE event name of a change (`event: change`); heartbeats are comments. */
export const LIVE_CHANGE_EVENT = "change";
/** Seconds between heartbeats (SSE comments) on an open stream. */
export const LIVE_HEARTBEAT_SECONDS = 15;

/**
 * Sent once the stream is subscribed, after any replay, with the id of the last event this node
 * delivered: a reconnect from this id resumes. Not after a reset, which stands for it. Data `{}`.
 */
export const LIVE_READY_EVENT = "ready";
/**
 * Sent instead of a replay when `Last-Event-ID` cannot be resumed (another node's id, a restarted
 * node, older than what the node keeps), and to open streams when the node may have missed events
 * (its database listener reconnected): refetch everything shown. Data `{}`; its id resumes from there.
 */
export const LIVE_RESET_EVENT = "reset";
