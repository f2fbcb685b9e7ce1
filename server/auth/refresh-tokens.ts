/**
 * Refresh tokens: opaque random values kept only as SHA-256 hashes, rotated on every use. A token
 * used twice means it was stolen, so its whole family is revoked. A family lives at most 7 days.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema";
import { fromDbTimestamp, nowIso, toDbTimestamp } from "../db/values";

export const REFRESH_COOKIE = "refresh_token";

const hash = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

export interface IssuedRefreshToken {
  token: string;
  userId: number;
  expiresAt: Date;
}

export class RefreshTokens {
  constructor(private readonly db: Kysely<DB>, private readonly ttlSeconds: number) {}

  async issue(userId: number): Promise<IssuedRefreshToken> {
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    return this.insert(userId, randomUUID(), expiresAt);
  }

  /** Exchanges a token for a new one of the same family, or undefined when it is not acceptable. */
  async rotate(token: string): Promise<IssuedRefreshToken | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("refresh_tokens").selectAll().where("token_hash", "=", hash(token)).executeTakeFirst();
      if (!row || row.revoked_at) return undefined;
      if (row.used_at) {
        await this.revokeFamily(row.family_id, trx);
        return undefined;
      }
      const expiresAt = new Date(fromDbTimestamp(row.family_expires_at));
      if (expiresAt.getTime() <= Date.now()) return undefined;
      // Only one of two concurrent rotations of the same token may win.
      const used = await trx
        .updateTable("refresh_tokens")
        .set({ used_at: nowIso() })
        .where("id", "=", row.id)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) return undefined;
      return this.insert(row.user_id, row.family_id, expiresAt, trx);
    });
  }

  async revoke(token: string): Promise<void> {
    const row = await this.db.selectFrom("refresh_tokens").select("family_id").where("token_hash", "=", hash(token)).executeTakeFirst();
    if (row) await this.revokeFamily(row.family_id, this.db);
  }

  private async revokeFamily(familyId: string, db: Kysely<DB>): Promise<void> {
    await db.updateTable("refresh_tokens").set({ revoked_at: nowIso() }).where("family_id", "=", familyId).where("revoked_at", "is", null).execute();
  }

  private async insert(userId: number, familyId: string, expiresAt: Date, db: Kysely<DB> = this.db): Promise<IssuedRefreshToken> {
    const token = newToken();
    await db
      .insertInto("refresh_tokens")
      .values({
        user_id: userId,
        family_id: familyId,
        token_hash: hash(token),
        created_at: nowIso(),
        family_expires_at: toDbTimestamp(expiresAt),
      })
      .execute();
    return { token, userId, expiresAt };
  }
}
