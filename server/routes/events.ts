/**
 * GET /api/events: the live event stream (issue 29; docs/live.md), server-sent events through
 * @fastify/sse. Any signed-in role; what each user hears is decided per event (server/live/).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { EVENTS_PATH, type Role, LIVE_CHANGE_EVENT, LIVE_HEARTBEAT_SECONDS, LIVE_READY_EVENT, LIVE_RESET_EVENT } from "../../src/contract";
import { currentUser } from "../auth/access";
import { ApiError } from "../http/errors";
import type { Live } from "../live/live";

const SIGNED_IN: Role[] = ["AGENT", "ADMIN", "SUPER_ADMIN"];

const description = [
  "Server-sent events (`Accept: text/event-stream`; another Accept answers 406). Each change the caller may see, after its commit:",
  `\`event: ${LIVE_CHANGE_EVENT}\`, \`id: <node>-<n>\`, \`data: {"resource": "passports", "ids": [123], "kind": "updated"}\` (kind created, updated or deleted; resource passports, users or a declared resource's name).`,
  `A heartbeat comment every ${LIVE_HEARTBEAT_SECONDS} s. \`event: ${LIVE_READY_EVENT}\` once subscribed (after any replay);`,
  `with \`Last-Event-ID\` the events missed since are replayed when this node still holds them, else \`event: ${LIVE_RESET_EVENT}\` (refetch everything; also sent when the node may have missed events).`,
  "The stream closes within 5 s of its session ending (signed out, revoked, disabled, idle or too old); the access token is checked only at connect.",
].join(" ");

export function eventRoutes(app: FastifyInstance, live: Live): void {
  const schema = {
    summary: "Live changes of lists",
    description,
    tags: ["Live events"],
    response: { 200: { description: "The event stream", content: { "text/event-stream": { schema: z.string().meta({ description: "Server-sent events" }) } } } },
  };
  app.get(EVENTS_PATH, { config: { access: SIGNED_IN }, sse: true, schema }, async (request, reply) => {
    // @fastify/sse calls the handler without reply.sse when the client did not ask for a stream.
    if (!request.headers.accept?.includes("text/event-stream")) throw new ApiError(406, "Ask for text/event-stream (Accept header)");
    const user = currentUser(request);
    reply.sse.keepAlive();
    live.open(user, reply);
  });
}
