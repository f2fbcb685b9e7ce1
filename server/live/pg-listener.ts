/**
 * The node's one PostgreSQL connection that LISTENs for live events (not one of the pool's: a pooled
 * connection is handed to other queries). When it drops it connects and LISTENs again, waiting longer
 * after each failure (up to MAX_RETRY_MS); `onReconnect` is told, since events sent meanwhile are lost.
 */
import pg from "pg";

export const LIVE_CHANNEL = "live_events";
/** The listener's application_name in pg_stat_activity. */
export const LISTENER_NAME = "live-events-listener";
const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

interface Log {
  warn(message: string): void;
}

export class PgListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly onPayload: (payload: string) => void,
    private readonly onReconnect: () => void,
    private readonly log: Log,
  ) {}

  /** Connects and LISTENs; throws when the database cannot be reached at start. */
  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: LISTENER_NAME, keepAlive: true });
    client.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.onPayload(message.payload);
    });
    client.on("error", (error) => this.log.warn(`Live events: the listener's connection failed: ${error.message}`));
    client.on("end", () => {
      if (this.client !== client) return;
      this.client = undefined;
      this.reconnect(0);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  private reconnect(attempt: number): void {
    if (this.stopped) return;
    const delay = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
    this.retry = setTimeout(() => {
      this.connect().then(
        () => {
          if (!this.stopped) this.onReconnect();
        },
        (error: Error) => {
          this.log.warn(`Live events: the listener could not reconnect (${error.message}); trying again`);
          this.reconnect(attempt + 1);
        },
      );
    }, delay);
    this.retry.unref();
  }
}
