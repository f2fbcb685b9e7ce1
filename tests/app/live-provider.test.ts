/**
 * Issue 29: the app's live provider over GET /api/events, read with fetch. A fake fetch answers each
 * opening with a stream the test writes server-sent events into.
 */
import type { LiveEvent as RefineLiveEvent } from "@refinedev/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLiveProvider } from "../../src/providers/live-provider";
import { openLiveStream } from "../../src/providers/live-stream";
import { createSessionStore } from "../../src/session/session-store";

interface Opening {
  headers: Record<string, string>;
  signal: AbortSignal;
  send(text: string): void;
  end(): void;
}

/** A fetch whose answers the test chooses: a status, or (by default) an open event stream. */
function fakeServer(statuses: number[] = []) {
  const openings: Opening[] = [];
  const encoder = new TextEncoder();
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    const status = statuses.shift() ?? 200;
    if (status !== 200) return new Response(JSON.stringify({ success: false }), { status });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const signal = init!.signal!;
    signal.addEventListener("abort", () => controller.error(new DOMException("Aborted", "AbortError")));
    openings.push({
      headers: init!.headers as Record<string, string>,
      signal,
      send: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
  });
  return { fetch, openings };
}

function setUp(options: { statuses?: number[]; renew?: (sent: string | null) => Promise<string> } = {}) {
  const server = fakeServer(options.statuses);
  const session = createSessionStore(undefined);
  session.signIn("token-1", { userId: 2, sub: "admin", roles: ["ADMIN"] });
  const renewToken = vi.fn(
    options.renew ??
      (async () => {
        session.signIn("token-2", { userId: 2, sub: "admin", roles: ["ADMIN"] });
        return "token-2";
      }),
  );
  const provider = createLiveProvider({
    session,
    closeAfterMs: 0,
    open: (handlers) =>
      openLiveStream({ url: "/api/events", token: () => session.get().token, renewToken, fetch: server.fetch, backoffMs: [20], ...handlers }),
  });
  const listen = (channel: string, types: string[] = ["*"]) => {
    const events: RefineLiveEvent[] = [];
    const subscription = provider.subscribe({ channel, types, callback: (event: RefineLiveEvent) => events.push(event) });
    return { events, stop: () => provider.unsubscribe(subscription) };
  };
  return { ...server, session, renewToken, listen };
}

const change = (id: number, data: object) => `event: change\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

afterEach(() => vi.restoreAllMocks());

describe("the live provider (issue 29)", () => {
  it("opens one stream with the access token, and sends each change to its resource's channel", async () => {
    const { openings, listen } = setUp();
    const pending = listen("resources/passports");
    const reviewed = listen("resources/passports");
    const users = listen("resources/users");
    await vi.waitFor(() => expect(openings).toHaveLength(1));
    expect(openings[0].headers.Authorization).toBe("Bearer token-1");
    expect(openings[0].headers.Accept).toBe("text/event-stream");

    openings[0].send(": heartbeat\n\n");
    openings[0].send(change(1, { resource: "passports", ids: [7, 8], kind: "updated" }).slice(0, 20));
    openings[0].send(change(1, { resource: "passports", ids: [7, 8], kind: "updated" }).slice(20));
    await vi.waitFor(() => expect(pending.events).toHaveLength(1));
    expect(pending.events[0]).toMatchObject({ channel: "resources/passports", type: "updated", payload: { ids: [7, 8] } });
    expect(pending.events[0].date).toBeInstanceOf(Date);
    expect(reviewed.events).toHaveLength(1);
    expect(users.events).toHaveLength(0);
    expect(openings).toHaveLength(1);
  });

  it("gives a subscriber only the kinds it asked for, and skips data that is not a live event", async () => {
    const { openings, listen } = setUp();
    const deletions = listen("resources/users", ["deleted"]);
    await vi.waitFor(() => expect(openings).toHaveLength(1));
    openings[0].send(change(1, { resource: "users", ids: [3], kind: "created" }));
    openings[0].send("event: change\ndata: not json\n\n");
    openings[0].send(change(2, { resource: "users", ids: "3", kind: "deleted" }));
    openings[0].send(change(3, { resource: "users", ids: [3], kind: "deleted" }));
    await vi.waitFor(() => expect(deletions.events).toHaveLength(1));
    expect(deletions.events[0]).toMatchObject({ type: "deleted", payload: { ids: [3] } });
  });

  it("on a 401 renews the token once and opens again with the new one", async () => {
    const { openings, listen, renewToken, fetch } = setUp({ statuses: [401] });
    listen("resources/passports");
    await vi.waitFor(() => expect(openings).toHaveLength(1));
    expect(renewToken).toHaveBeenCalledWith("token-1");
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(openings[0].headers.Authorization).toBe("Bearer token-2");
  });

  it("stops when the refresh fails (the session ends as for any call)", async () => {
    const { listen, renewToken, fetch } = setUp({ statuses: [401], renew: async () => Promise.reject(new Error("refresh refused")) });
    listen("resources/passports");
    await vi.waitFor(() => expect(renewToken).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("reopens after the stream ends, sending Last-Event-ID, and tells every subscriber to refetch", async () => {
    const { openings, listen } = setUp();
    const passports = listen("resources/passports");
    const users = listen("resources/users");
    await vi.waitFor(() => expect(openings).toHaveLength(1));
    expect(openings[0].headers["Last-Event-ID"]).toBeUndefined();
    openings[0].send(change(41, { resource: "passports", ids: [7], kind: "created" }));
    await vi.waitFor(() => expect(passports.events).toHaveLength(1));
    openings[0].end();

    await vi.waitFor(() => expect(openings).toHaveLength(2));
    expect(openings[1].headers["Last-Event-ID"]).toBe("41");
    await vi.waitFor(() => expect(users.events).toHaveLength(1));
    expect(users.events[0]).toMatchObject({ channel: "resources/users", type: "*", payload: { resync: true } });
    expect(passports.events[1]).toMatchObject({ channel: "resources/passports", payload: { resync: true } });
  });

  it("retries with backoff when the server cannot be reached", async () => {
    const { openings, listen, fetch } = setUp({ statuses: [503, 502] });
    const passports = listen("resources/passports");
    await vi.waitFor(() => expect(openings).toHaveLength(1));
    expect(fetch).toHaveBeenCalledTimes(3);
    await vi.waitFor(() => expect(passports.events).toEqual([expect.objectContaining({ payload: { resync: true } })]));
  });

  it("treats the server's reset event as a reconnect: every subscriber refetches", async () => {
    const { openings, listen } = setUp();
    const passports = listen("resources/passports");
    await vi.waitFor(() => expect(openings).toHaveLength(1));
    openings[0].send("event: reset\ndata: {}\n\n");
    await vi.waitFor(() => expect(passports.events).toEqual([expect.objectContaining({ type: "*", payload: { resync: true } })]));
  });

  it("closes the stream when the last subscriber leaves, and on sign-out", async () => {
    const { openings, listen, session } = setUp();
    const first = listen("resources/passports");
    const second = listen("resources/users");
    await vi.waitFor(() => expect(openings).toHaveLength(1));
    first.stop();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(openings[0].signal.aborted).toBe(false);
    second.stop();
    await vi.waitFor(() => expect(openings[0].signal.aborted).toBe(true));

    listen("resources/passports");
    await vi.waitFor(() => expect(openings).toHaveLength(2));
    session.end("logout");
    expect(openings[1].signal.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(openings).toHaveLength(2);
  });
});
