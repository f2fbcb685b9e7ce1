/**
 * The security log (issue 11): sign-ins, lockouts, sessions ended, password changes, accounts disabled
 * and enabled; who, when, from which address and browser, and what happened. Anything that touches an
 * account records here with one call, e.g.
 *   await ctx.securityEvents.record({ kind: "ACCOUNT_LOCKED", user: { username }, details: "..." }, request);
 */
import type { FastifyRequest } from "fastify";
import { type Kysely, type Selectable, sql } from "kysely";
import { type SecurityEvent, type SecurityEventKind, type SecurityEventsQuery, cleanText } from "../../src/contract";
import { type Clock, isoAt } from "../clock";
import type { DB, SecurityEventsTable } from "../db/schema";
import { fromDbCount, fromDbTimestamp } from "../db/values";
import { browserName } from "./browser-name";

export interface SecurityEventInput {
  kind: SecurityEventKind;
  /**
   * The account the event is about. The part left out is looked up: the id of a name (a sign-in names
   * an account, which may not exist), or the name of an id.
   */
  user?: { id?: number | null; username?: string };
  /** Who did it, when that is someone else than `user` (a super admin). */
  actor?: { id: number; username: string };
  sessionId?: string | null;
  details?: string | null;
}

/** What a request tells about where it came from. */
export function origin(request: FastifyRequest | undefined): { ip: string | null; userAgent: string | null } {
  if (!request) return { ip: null, userAgent: null };
  return { ip: request.ip ?? null, userAgent: clip(request.headers["user-agent"], 512) };
}

/**
 * Names as the log shows them: cleaned by the rule for typed text (src/contract/text.ts), when stored
 * and again when read (rows of before the rule), so no name tried at sign-in can pose as another.
 */
function shown(value: string | null | undefined): string | null {
  return value === undefined || value === null ? null : cleanText(value);
}

/** Text as stored: at most `max` characters (names tried at sign-in and User-Agents come from anyone). */
function clip(value: string | null | undefined, max: number): string | null {
  if (value === undefined || value === null) return null;
  return value.length > max ? value.slice(0, max) : value;
}

export class SecurityEvents {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {}

  /** Records one event; `db` is a transaction when the event belongs to a change made in one. */
  async record(event: SecurityEventInput, request?: FastifyRequest, db: Kysely<DB> = this.db): Promise<void> {
    const { ip, userAgent } = origin(request);
    let username = clip(shown(event.user?.username), 200);
    let userId = event.user?.id ?? null;
    if (event.user?.id === undefined && username) {
      const found = await db.selectFrom("users").select("id").where(sql`lower(username)`, "=", username.toLowerCase()).executeTakeFirst();
      userId = found?.id ?? null;
    } else if (username === null && userId !== null) {
      const found = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirst();
      username = found?.username ?? null;
    }
    await db
      .insertInto("security_events")
      .values({
        at: isoAt(this.clock()),
        kind: event.kind,
        user_id: userId,
        username,
        actor_id: event.actor?.id ?? null,
        actor_username: shown(event.actor?.username),
        ip_address: ip,
        user_agent: userAgent,
        session_id: event.sessionId ?? null,
        details: clip(event.details, 1000),
      })
      .execute();
  }

  /** The log's rows of one user (by name, any case) and one kind when asked. */
  private filtered(query: Pick<SecurityEventsQuery, "username" | "kind">) {
    let filtered = this.db.selectFrom("security_events");
    if (query.username) filtered = filtered.where(sql`lower(username)`, "=", query.username.toLowerCase());
    if (query.kind) filtered = filtered.where("kind", "=", query.kind);
    return filtered;
  }

  /** A page of the log, newest first, of one user (by name, any case) and one kind when asked. */
  async page(query: SecurityEventsQuery): Promise<{ events: SecurityEvent[]; total: number }> {
    const filtered = this.filtered(query);
    const [{ count }, rows] = await Promise.all([
      filtered.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow(),
      filtered
        .selectAll()
        .orderBy("id", "desc")
        .limit(query.size)
        .offset(query.page * query.size)
        .execute(),
    ]);
    return { events: rows.map(toSecurityEvent), total: fromDbCount(count) };
  }

  /** The whole filtered log, newest first, a batch at a time (each below the last one's id): its file. */
  async *batches(query: Pick<SecurityEventsQuery, "username" | "kind">, batch = 500): AsyncGenerator<SecurityEvent[]> {
    let below: number | undefined;
    for (;;) {
      const bounded = below === undefined ? this.filtered(query) : this.filtered(query).where("id", "<", below);
      const rows = await bounded.selectAll().orderBy("id", "desc").limit(batch).execute();
      if (rows.length > 0) yield rows.map(toSecurityEvent);
      if (rows.length < batch) return;
      below = rows[rows.length - 1].id;
    }
  }
}

function toSecurityEvent(row: Selectable<SecurityEventsTable>): SecurityEvent {
  return {
    id: row.id,
    at: fromDbTimestamp(row.at),
    kind: row.kind as SecurityEventKind,
    userId: row.user_id,
    username: shown(row.username),
    actorUsername: shown(row.actor_username),
    ipAddress: row.ip_address,
    browser: row.user_agent ? shown(browserName(row.user_agent)) : null,
    details: shown(row.details),
  };
}
