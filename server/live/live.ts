/**
 * The live event bus of one node (docs/live.md): writes publish their changes after their commit; on
 * PostgreSQL each goes out by NOTIFY and comes back through the node's listener, its own as every
 * other node's, so all nodes deliver in the same order by the same path; on SQLite (one process) it is
 * delivered at once. Delivered changes are numbered and kept for resume, and sent to the open streams
 * whose user may see them. Every SESSION_CHECK_MS the streams' sessions are read in one query and the
 * streams of sessions that may not go on are closed.
 */
import type { FastifyBaseLogger, FastifyReply } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Sessions } from "../auth/sessions";
import type { TokenUser } from "../auth/tokens";
import type { Dialect } from "../db/database";
import type { DB } from "../db/schema";
import type { MaySee } from "./audience";
import { type LiveChange, fromPayload, toPayloads } from "./change";
import { LIVE_CHANNEL, PgListener } from "./pg-listener";
import { ReplayBuffer } from "./replay";
import { LiveStreams } from "./streams";

/** How often the open streams' sessions are checked: a session ended anywhere closes them within this (and the query's time). */
export const SESSION_CHECK_MS = 2_000;

export interface LiveOptions {
  dialect: Dialect;
  db: Kysely<DB>;
  databaseUrl: string;
  maySee: MaySee;
  sessions: Sessions;
  log: FastifyBaseLogger;
  sessionCheckMs?: number;
}

/** What writes see of the bus. */
export interface LivePublisher {
  /** Call after the write's transaction committed; never throws (a failure is logged). */
  publish(changes: LiveChange | readonly LiveChange[]): void;
}

export class Live implements LivePublisher {
  readonly replay = new ReplayBuffer();
  private readonly streams: LiveStreams;
  private readonly listener: PgListener | undefined;
  /** The NOTIFYs of this node, one after another in the order published. */
  private sent: Promise<void> = Promise.resolve();
  private sessionTimer: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(private readonly options: LiveOptions) {
    this.streams = new LiveStreams(options.maySee, this.replay);
    if (options.dialect === "postgres") {
      this.listener = new PgListener(options.databaseUrl, (payload) => this.received(payload), () => this.streams.resetAll(this.replay.gap()), options.log);
    }
  }

  /** Streams open on this node (for the benchmark and the logs). */
  get openStreams(): number {
    return this.streams.count;
  }

  async start(): Promise<void> {
    await this.listener?.start();
    this.sessionTimer = setInterval(() => void this.checkSessions(), this.options.sessionCheckMs ?? SESSION_CHECK_MS);
    this.sessionTimer.unref();
  }

  publish(changes: LiveChange | readonly LiveChange[]): void {
    for (const change of [changes].flat()) {
      if (change.ids.length === 0) continue;
      if (!this.listener) {
        this.deliver(change);
        continue;
      }
      for (const payload of toPayloads(change)) {
        this.sent = this.sent
          .then(() => sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(this.options.db))
          .then(
            () => undefined,
            (error: Error) => this.options.log.error(`Live events: a change of ${change.resource} was not sent: ${error.message}`),
          );
      }
    }
  }

  /** Opens the stream of a request the access guard let through. */
  open(user: TokenUser, reply: FastifyReply): void {
    this.streams.add(user, reply);
  }

  /** Ends every stream (the server is closing: they would keep it open). */
  closeStreams(): void {
    this.streams.closeAll();
  }

  /** Stops the session checks and the listener, once this node's NOTIFYs have gone. */
  async stop(): Promise<void> {
    clearInterval(this.sessionTimer);
    this.streams.closeAll();
    await this.sent;
    await this.listener?.stop();
  }

  private received(payload: string): void {
    const change = fromPayload(payload);
    if (change) this.deliver(change);
    else this.options.log.warn("Live events: a notification that is not a live event was ignored");
  }

  private deliver(change: LiveChange): void {
    this.streams.deliver(this.replay.add(change));
  }

  private async checkSessions(): Promise<void> {
    if (this.checking || this.streams.count === 0) return;
    this.checking = true;
    try {
      const ended = await this.options.sessions.endedAmong(this.streams.sessionIds());
      if (ended.size > 0) this.streams.closeSessions(ended);
    } catch (error) {
      this.options.log.warn(`Live events: the streams' sessions could not be checked: ${(error as Error).message}`);
    } finally {
      this.checking = false;
    }
  }
}
