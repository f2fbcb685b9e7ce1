/**
 * A passport's comment thread: every comment kept with its author, the role it was written as and its
 * time. The spec's commentByAdmin / commentBySuperAdmin hold the latest of each role (written beside).
 */
import type { Kysely } from "kysely";
import type { PassportComment } from "../../src/contract";
import type { DB } from "../db/schema";
import { fromDbTimestamp } from "../db/values";

export interface NewComment {
  passportId: number;
  userId: number;
  role: PassportComment["role"];
  body: string;
  at: string;
}

/** Call inside the transaction of the comment's change (it also writes the spec's field and the event). */
export async function addComment(trx: Kysely<DB>, comment: NewComment): Promise<void> {
  await trx
    .insertInto("passport_comments")
    .values({ passport_id: comment.passportId, user_id: comment.userId, role: comment.role, body: comment.body, at: comment.at })
    .execute();
}

/** The thread, oldest first, with each author's current username (null once the account is deleted). */
export async function listComments(db: Kysely<DB>, passportId: number): Promise<PassportComment[]> {
  const rows = await db
    .selectFrom("passport_comments")
    .leftJoin("users", "users.id", "passport_comments.user_id")
    .select(["passport_comments.id", "passport_comments.role", "passport_comments.body", "passport_comments.at", "passport_comments.user_id", "users.username"])
    .where("passport_comments.passport_id", "=", passportId)
    .orderBy("passport_comments.at")
    .orderBy("passport_comments.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    role: r.role as PassportComment["role"],
    text: r.body,
    at: fromDbTimestamp(r.at),
    userId: r.user_id,
    username: r.username ?? null,
  }));
}
