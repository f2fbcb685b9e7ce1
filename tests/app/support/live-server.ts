import { vi } from "vitest";

/**
 * Stands in for GET /api/events (issue 29): the app's live stream reads it through the global fetch.
 * `change` writes an event into the open stream; `end` drops it.
 */
export function stubEventStream() {
  const encoder = new TextEncoder();
  const streams: { headers: Record<string, string>; controller: ReadableStreamDefaultController<Uint8Array> }[] = [];
  let id = 0;
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    init?.signal?.addEventListener("abort", () => controller.error(new DOMException("Aborted", "AbortError")));
    streams.push({ headers: init?.headers as Record<string, string>, controller });
    return new Response(body, { status: 200, headers: { "Content-Type": "text/event-stream" } });
  });
  vi.stubGlobal("fetch", fetch);
  const open = async () => {
    await vi.waitFor(() => {
      if (streams.length === 0) throw new Error("no stream opened yet");
    });
    return streams.at(-1)!;
  };
  return {
    streams,
    open,
    async change(resource: string, kind: "created" | "updated" | "deleted", ids: number[]) {
      id += 1;
      (await open()).controller.enqueue(encoder.encode(`event: change\nid: ${id}\ndata: ${JSON.stringify({ resource, ids, kind })}\n\n`));
    },
    async end() {
      (await open()).controller.close();
    },
  };
}
