/**
 * Refresh tokens: opaque random values kept only as SHA-256 hashes, rotated on every use. Each family
 * is one session (its id is the session's id). A token presented again within the grace period after
 * its rotation is the same browser's other tab refreshing at the same moment (RFC 9700 §4.14.2): it
 * gets a new access token, not a new refresh token. Presented again later, it was stolen, and the
 * whole family is revoked.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { type Clock, isoAt } from "../clock";
import type { DB } from "../db/schema";
import { fromDbTimestamp } from "../db/values";

export const REFRESH_COOKIE = "refresh_token";

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

export interface IssuedRefreshToken {
  token: string;
  userId: number;
  sessionId: string;
  expiresAt: Date;
}

export type Rotation =
  /** A new refresh token replaces the one presented. */
  | { kind: "rotated"; issued: IssuedRefreshToken }
  /** The token was rotated moments ago (another tab): the session goes on, the cookie stays as it is. */
  | { kind: "grace"; userId: number; sessionId: string }
  /** Unknown, expired, revoked, or reused after the grace period (`reused`: the family was revoked now). */
  | { kind: "refused"; sessionId?: string; reused?: boolean };

export class RefreshTokens {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly ttlSeconds: number,
    private readonly graceSeconds: number,
    private readonly clock: Clock,
  ) {}

  /** The first token of a session's family; it lives `ttlSeconds`, or until `notAfter` if sooner. */
  async issue(userId: number, sessionId: string, notAfter?: number): Promise<IssuedRefreshToken> {
    const expires = Math.min(this.clock() + this.ttlSeconds * 1000, notAfter ?? Infinity);
    return this.insert(userId, sessionId, new Date(expires));
  }

  async rotate(token: string): Promise<Rotation> {
    return this.db.transaction().execute(async (trx): Promise<Rotation> => {
      const row = await trx.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", hash(token)).executeTakeFirst();
      if (!row) return { kind: "refused" };
      const sessionId = row.family_id;
      const now = this.clock();
      const expiresAt = new Date(fromDbTimestamp(row.family_expires_at));
      if (row.revoked_at || expiresAt.getTime() <= now) return { kind: "refused", sessionId };
      let usedAt = row.used_at;
      if (!usedAt) {
        // Only one of two concurrent rotations of the same token wins; the other is in the grace period.
        const used = await trx
          .updateTable("refresh_tokens")
          .set({ used_at: isoAt(now) })
          .where("id", "=", row.id)
          .where("used_at", "is", null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) === 1) {
          return { kind: "rotated", issued: await this.insert(row.user_id, sessionId, expiresAt, trx) };
        }
        const again = await trx.selectFrom("refresh_tokens").select("used_at").where("id", "=", row.id).executeTakeFirstOrThrow();
        usedAt = again.used_at;
      }
      if (now - new Date(fromDbTimestamp(usedAt)).getTime() <= this.graceSeconds * 1000) {
        return { kind: "grace", userId: row.user_id, sessionId };
      }
      await this.revokeFamily(sessionId, trx);
      return { kind: "refused", sessionId, reused: true };
    });
  }

  /** The session a token belongs to, if it is one of ours. */
  async sessionOf(token: string): Promise<string | undefined> {
    const row = await this.db.selectFrom("refresh_tokens").select("family_id").where("token_hash", "=", hash(token)).executeTakeFirst();
    return row?.family_id;
  }

  /** Revokes the refresh tokens of sessions (they end with them). */
  async revokeFamily(sessionIds: string | string[], db: Kysely<DB> = this.db): Promise<void> {
    const ids = [sessionIds].flat();
    if (ids.length === 0) return;
    await db
      .updateTable("refresh_tokens")
      .set({ revoked_at: isoAt(this.clock()) })
      .where("family_id", "in", ids)
      .where("revoked_at", "is", null)
      .execute();
  }

  private async insert(userId: number, sessionId: string, expiresAt: Date, db: Kysely<DB> = this.db): Promise<IssuedRefreshToken> {
    const token = newToken();
    await db
      .insertInto("refresh_tokens")
      .values({
        user_id: userId,
        family_id: sessionId,
        token_hash: hash(token),
        created_at: isoAt(this.clock()),
        family_expires_at: expiresAt.toISOString(),
      })
      .execute();
    return { token, userId, sessionId, expiresAt };
  }
}
