/**
 * Sessions: one per sign-in. Access tokens carry the session's id (`sid`), and the access guard asks
 * here whether it is still active on every request. Each node keeps what it read about a session for
 * SESSION_STATE_CACHE_MS, so a session ended on another node is refused there within that time (a
 * session ended on this node, at once). A session also ends after `idle` without any request and
 * `maxAge` after sign-in.
 */
import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { type SessionEndReason, type SessionInfo, sessionEndedMessage } from "../../src/contract";
import { type Clock, isoAt } from "../clock";
import type { DB } from "../db/schema";
import { fromDbTimestamp } from "../db/values";
import { browserName } from "../security/browser-name";
import { type SecurityEvents, origin } from "../security/events";
import type { RefreshTokens } from "./refresh-tokens";

/** How long a node trusts what it read about a session: the most a revocation on another node waits. */
export const SESSION_STATE_CACHE_MS = 2000;
/** The most sessions a node remembers; past that it forgets them all and reads them again. */
const CACHE_LIMIT = 10_000;

/** "1 session", "3 sessions". */
export const sessionsText = (n: number) => `${n} session${n === 1 ? "" : "s"}`;

export interface SessionLimits {
  idleSeconds: number;
  maxAgeSeconds: number;
}

interface SessionState {
  userId: number;
  username: string;
  createdAt: number;
  lastUsedAt: number;
  endReason: string | null;
  ended: boolean;
  disabled: boolean;
}

interface CacheEntry {
  /** null: no such session (never was, or its user was deleted). */
  state: SessionState | null;
  readAt: number;
  /** The last request this node saw for the session, which the database may not hold yet. */
  seenAt: number;
}

export type SessionVerdict = { active: true; userId: number } | { active: false; message: string };

export class Sessions {
  private readonly cache = new Map<string, CacheEntry>();
  /** last_used_at is written at most this often per session, not on every request. */
  private readonly touchMs: number;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    readonly limits: SessionLimits,
    private readonly refreshTokens: RefreshTokens,
    private readonly events: SecurityEvents,
  ) {
    this.touchMs = Math.min(60_000, (limits.idleSeconds * 1000) / 10);
  }

  /** A new session for a user who just signed in from `request`. */
  async start(userId: number, request: FastifyRequest): Promise<{ id: string; endsBy: number }> {
    const id = randomBytes(18).toString("base64url");
    const now = this.clock();
    const { ip, userAgent } = origin(request);
    await this.db
      .insertInto("sessions")
      .values({ id, user_id: userId, created_at: isoAt(now), last_used_at: isoAt(now), ip_address: ip, user_agent: userAgent })
      .execute();
    return { id, endsBy: now + this.limits.maxAgeSeconds * 1000 };
  }

  /**
   * Whether the session may go on, noting the request as activity. A session past its idle or
   * maximum time is ended here. `fresh` reads the database whatever this node remembers.
   */
  async use(sessionId: string, request?: FastifyRequest, { fresh = false } = {}): Promise<SessionVerdict> {
    const now = this.clock();
    let entry = this.cache.get(sessionId);
    if (!entry || fresh || now - entry.readAt > SESSION_STATE_CACHE_MS) {
      entry = { state: await this.read(sessionId), readAt: now, seenAt: entry?.seenAt ?? 0 };
      if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
      this.cache.set(sessionId, entry);
    }
    const { state } = entry;
    if (!state) return this.refused(null);
    if (state.ended) return this.refused(state.endReason);
    if (state.disabled) return this.refused("disabled");

    const lastUsed = Math.max(state.lastUsedAt, entry.seenAt);
    const expired: SessionEndReason | undefined =
      now - state.createdAt > this.limits.maxAgeSeconds * 1000 ? "max-age" : now - lastUsed > this.limits.idleSeconds * 1000 ? "idle" : undefined;
    if (expired) {
      if (await this.end(sessionId, expired)) {
        const details = expired === "idle" ? `No request for ${Math.round((now - lastUsed) / 60_000)} min` : "Maximum session length reached";
        await this.events.record({ kind: "SESSION_ENDED", user: { id: state.userId, username: state.username }, sessionId, details }, request);
      }
      return this.refused(expired);
    }

    entry.seenAt = now;
    if (now - state.lastUsedAt >= this.touchMs) {
      await this.db.updateTable("sessions").set({ last_used_at: isoAt(now) }).where("id", "=", sessionId).where("ended_at", "is", null).execute();
      state.lastUsedAt = now;
    }
    return { active: true, userId: state.userId };
  }

  /** Ends one active session and revokes its refresh tokens; false when it had already ended. */
  async end(sessionId: string, reason: SessionEndReason, db: Kysely<DB> = this.db): Promise<boolean> {
    return (await this.endWhere(db, reason, { id: sessionId })).length > 0;
  }

  /** Ends every active session of a user (but `except`); answers the ids of those it ended. */
  async endAllOf(userId: number, reason: SessionEndReason, { except, db = this.db }: { except?: string; db?: Kysely<DB> } = {}): Promise<string[]> {
    return this.endWhere(db, reason, { userId, except });
  }

  /** The user's active sessions, most recently used first; `current` marks the caller's. */
  async activeOf(userId: number, current?: string): Promise<SessionInfo[]> {
    const rows = await this.db.selectFrom("sessions").selectAll().where("user_id", "=", userId).where("ended_at", "is", null).execute();
    const now = this.clock();
    return rows
      .map((row) => {
        const seen = this.cache.get(row.id)?.seenAt ?? 0;
        const lastUsed = Math.max(new Date(fromDbTimestamp(row.last_used_at)).getTime(), seen);
        return { row, created: new Date(fromDbTimestamp(row.created_at)).getTime(), lastUsed };
      })
      .filter(({ created, lastUsed }) => now - created <= this.limits.maxAgeSeconds * 1000 && now - lastUsed <= this.limits.idleSeconds * 1000)
      .sort((a, b) => b.lastUsed - a.lastUsed)
      .map(({ row, created, lastUsed }) => ({
        id: row.id,
        createdAt: isoAt(created),
        lastUsedAt: isoAt(lastUsed),
        ipAddress: row.ip_address,
        browser: browserName(row.user_agent),
        current: row.id === current,
      }));
  }

  /**
   * Which of these sessions may not go on (ended, disabled, gone, past their idle or maximum time), read
   * in one query per thousand, not noted as activity: the live streams ask every few seconds.
   */
  async endedAmong(sessionIds: readonly string[]): Promise<Set<string>> {
    const ended = new Set(sessionIds);
    const now = this.clock();
    for (let start = 0; start < sessionIds.length; start += 1000) {
      const rows = await this.stateQuery().where("sessions.id", "in", sessionIds.slice(start, start + 1000)).execute();
      for (const row of rows) {
        const state = toState(row);
        const lastUsed = Math.max(state.lastUsedAt, this.cache.get(row.id)?.seenAt ?? 0);
        const expired = now - state.createdAt > this.limits.maxAgeSeconds * 1000 || now - lastUsed > this.limits.idleSeconds * 1000;
        if (!state.ended && !state.disabled && !expired) ended.delete(row.id);
      }
    }
    // What this node remembered of them is stale: its next request with them reads them again.
    for (const id of ended) this.cache.delete(id);
    return ended;
  }

  /** The id of the user a session belongs to, ended or not. */
  async ownerOf(sessionId: string): Promise<number | undefined> {
    const row = await this.db.selectFrom("sessions").select("user_id").where("id", "=", sessionId).executeTakeFirst();
    return row?.user_id;
  }

  private refused(reason: string | null): SessionVerdict {
    return { active: false, message: sessionEndedMessage(reason, this.limits) };
  }

  private async endWhere(
    db: Kysely<DB>,
    reason: SessionEndReason,
    which: { id?: string; userId?: number; except?: string },
  ): Promise<string[]> {
    let query = db.updateTable("sessions").set({ ended_at: isoAt(this.clock()), end_reason: reason }).where("ended_at", "is", null);
    if (which.id !== undefined) query = query.where("id", "=", which.id);
    if (which.userId !== undefined) query = query.where("user_id", "=", which.userId);
    if (which.except !== undefined) query = query.where("id", "!=", which.except);
    const ids = (await query.returning("id").execute()).map((r) => r.id);
    await this.refreshTokens.revokeFamily(ids, db);
    for (const id of ids) this.cache.delete(id);
    return ids;
  }

  private stateQuery() {
    return this.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["sessions.id", "sessions.user_id", "users.username", "users.disabled_at", "sessions.created_at", "sessions.last_used_at", "sessions.ended_at", "sessions.end_reason"]);
  }

  private async read(sessionId: string): Promise<SessionState | null> {
    const row = await this.stateQuery().where("sessions.id", "=", sessionId).executeTakeFirst();
    return row ? toState(row) : null;
  }
}

function toState(row: {
  user_id: number;
  username: string;
  disabled_at: unknown;
  created_at: string | Date;
  last_used_at: string | Date;
  ended_at: unknown;
  end_reason: string | null;
}): SessionState {
  return {
    userId: row.user_id,
    username: row.username,
    createdAt: new Date(fromDbTimestamp(row.created_at)).getTime(),
    lastUsedAt: new Date(fromDbTimestamp(row.last_used_at)).getTime(),
    ended: row.ended_at !== null,
    endReason: row.end_reason,
    disabled: row.disabled_at !== null,
  };
}
