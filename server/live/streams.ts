/**
 * The node's open event streams: each change goes to those whose user may see it (audience.ts), and
 * a stream whose client falls too far behind is closed (it reconnects and resumes).
 */
import type { FastifyReply } from "fastify";
import { LIVE_CHANGE_EVENT, LIVE_READY_EVENT, LIVE_RESET_EVENT } from "../../src/contract";
import type { TokenUser } from "../auth/tokens";
import type { MaySee } from "./audience";
import { toLiveEvent } from "./change";
import type { NumberedChange, ReplayBuffer } from "./replay";

/**
 * Bytes a stream may have waiting for its client (past what the socket took); past that it is cut
 * rather than kept growing. Well above a burst a healthy client takes at once (an import of 10,000
 * rows publishes some 80 KB).
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;

/** One SSE message, as the spec writes it: JSON data on one line. */
const message = (event: string, id: string, data: unknown) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

class Stream {
  constructor(
    readonly user: TokenUser,
    private readonly reply: FastifyReply,
  ) {}

  write(event: string, id: string, data: unknown): void {
    const raw = this.reply.raw;
    if (raw.writableEnded || raw.destroyed) return;
    if (raw.writableLength > MAX_UNSENT_BYTES) {
      raw.destroy();
      return;
    }
    raw.write(message(event, id, data));
  }

  close(): void {
    this.reply.sse.close();
  }
}

export class LiveStreams {
  private readonly open = new Set<Stream>();

  constructor(
    private readonly maySee: MaySee,
    private readonly replay: ReplayBuffer,
  ) {}

  get count(): number {
    return this.open.size;
  }

  /**
   * Adds the stream of a request the guard let through: replays what it missed after its
   * `Last-Event-ID` (or says reset when that cannot be told), then ready. Synchronous, so no change
   * falls between the replay and the subscription.
   */
  add(user: TokenUser, reply: FastifyReply): void {
    const stream = new Stream(user, reply);
    this.open.add(stream);
    reply.sse.onClose(() => this.open.delete(stream));
    reply.sse.sendHeaders();
    const lastEventId = reply.sse.lastEventId;
    const missed = lastEventId ? this.replay.after(lastEventId) : [];
    if (missed === undefined) return stream.write(LIVE_RESET_EVENT, this.replay.lastId, {});
    for (const numbered of missed) this.send(stream, numbered);
    stream.write(LIVE_READY_EVENT, this.replay.lastId, {});
  }

  deliver(numbered: NumberedChange): void {
    for (const stream of this.open) this.send(stream, numbered);
  }

  /** Every stream refetches: the node may have missed events. */
  resetAll(id: string): void {
    for (const stream of this.open) stream.write(LIVE_RESET_EVENT, id, {});
  }

  sessionIds(): string[] {
    return [...new Set([...this.open].map((s) => s.user.sessionId))];
  }

  closeSessions(sessionIds: ReadonlySet<string>): void {
    for (const stream of [...this.open]) if (sessionIds.has(stream.user.sessionId)) stream.close();
  }

  closeAll(): void {
    for (const stream of [...this.open]) stream.close();
  }

  private send(stream: Stream, { seq, change }: NumberedChange): void {
    if (this.maySee(stream.user, change)) stream.write(LIVE_CHANGE_EVENT, this.replay.idOf(seq), toLiveEvent(change));
  }
}
