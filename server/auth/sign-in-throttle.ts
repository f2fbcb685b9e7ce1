/**
 * Sign-in throttling kept in the database, so every API node sharing it enforces the same limits:
 * failed sign-ins are counted per username and per client address in a window (15 minutes by
 * default) that starts with the first failure; once a count reaches its limit, further attempts for
 * that key answer 429 until the window ends, without computing a password hash.
 *
 * An attempt is counted before its password is checked (a reservation), so that concurrent attempts
 * cannot all slip under the limit while their hashes are computed: the sixth of sixteen parallel
 * guesses is refused at once. Only a right password gives its place back: it clears the username's
 * count and returns its reservation on the address (an office behind one address is not locked out
 * by its own sign-ins). An attempt refused for want of a hashing slot (503) stays counted, so that a
 * flood locks its target quickly however busy the server is.
 *
 * The current password asked by change-password is limited the same way, per account (issue 25): a
 * stolen session cannot guess the password it would need to take the account over.
 */
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema";
import { fromDbTimestamp, toDbTimestamp } from "../db/values";

export interface ThrottleLimits {
  signInMaxFailures: number;
  /** 0: no address limit. */
  signInAddressMaxFailures: number;
  signInWindowSeconds: number;
}

/** What a count is kept for: a name tried at sign-in, a client address, or an account's password change. */
export type ThrottledBy = "username" | "address" | "account";

interface CountedKey {
  by: ThrottledBy;
  key: string;
  /** The count including this attempt: equal to the limit means a failure now locks the key. */
  failures: number;
  max: number;
}

/** An attempt allowed to check its password. */
export interface SignInAttempt {
  readonly counted: readonly CountedKey[];
}

export type ThrottleVerdict =
  | { throttled: false; attempt: SignInAttempt }
  | { throttled: true; by: ThrottledBy; retryAfterSeconds: number };

/** A locked key is remembered on this node for at most this long, to spare the database under a flood. */
const LOCAL_MEMORY_MS = 5_000;
const LOCAL_MEMORY_MAX_KEYS = 10_000;
const CLEANUP_EVERY_MS = 60_000;

export class SignInThrottle {
  private readonly lockedHere = new Map<string, { until: number; verdict: ThrottleVerdict & { throttled: true }; windowEnds: number }>();
  private lastCleanup = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly limits: ThrottleLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts an attempt for `username` from `address`, or answers that it is throttled. */
  async begin(username: string, address: string): Promise<ThrottleVerdict> {
    const keys: Omit<CountedKey, "failures">[] = [{ by: "username", key: boundedKey("user", username.toLowerCase()), max: this.limits.signInMaxFailures }];
    if (this.limits.signInAddressMaxFailures > 0) {
      keys.push({ by: "address", key: boundedKey("address", addressKey(address)), max: this.limits.signInAddressMaxFailures });
    }
    return this.beginFor(keys);
  }

  /** Counts a check of the current password of account `userId` (change-password), or answers that it is throttled. */
  async beginPasswordCheck(userId: number): Promise<ThrottleVerdict> {
    return this.beginFor([{ by: "account", key: `password:${userId}`, max: this.limits.signInMaxFailures }]);
  }

  /** An attempt that checked no password after all (its request was refused first): its places are given back. */
  async cancel(attempt: SignInAttempt): Promise<void> {
    await this.giveBack(attempt.counted);
  }

  private async beginFor(keys: Omit<CountedKey, "failures">[]): Promise<ThrottleVerdict> {
    const now = this.now();
    for (const { key } of keys) {
      const remembered = this.lockedHere.get(key);
      if (remembered && remembered.until > now) return { ...remembered.verdict, retryAfterSeconds: secondsUntil(remembered.windowEnds, now) };
    }
    this.cleanUpNowAndThen(now);

    const counted: CountedKey[] = [];
    for (const key of keys) {
      const { failures, windowStartedAt } = await this.count(key.key, now);
      if (failures > key.max) {
        await this.giveBack(counted);
        const windowEnds = windowStartedAt + this.limits.signInWindowSeconds * 1000;
        const verdict = { throttled: true as const, by: key.by, retryAfterSeconds: secondsUntil(windowEnds, now) };
        this.remember(key.key, verdict, windowEnds, now);
        return verdict;
      }
      counted.push({ ...key, failures });
    }
    return { throttled: false, attempt: { counted } };
  }

  /** The keys a failure of this attempt has just locked (for the security log). */
  lockedByFailure(attempt: SignInAttempt): ThrottledBy[] {
    return attempt.counted.filter((k) => k.failures === k.max).map((k) => k.by);
  }

  /** A right password: the username (or account) starts afresh, and the address gets its reservation back. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    for (const { key } of attempt.counted.filter((k) => k.by !== "address")) {
      await this.db.deleteFrom("sign_in_throttle").where("key", "=", key).execute();
      this.lockedHere.delete(key);
    }
    await this.giveBack(attempt.counted.filter((k) => k.by === "address"));
  }

  /** Adds one to the key's count in its window, starting a new window when the last one has ended. */
  private async count(key: string, now: number): Promise<{ failures: number; windowStartedAt: number }> {
    const nowText = toDbTimestamp(new Date(now));
    const windowEnded = sql<boolean>`sign_in_throttle.window_started_at <= ${toDbTimestamp(new Date(now - this.limits.signInWindowSeconds * 1000))}`;
    const row = await this.db
      .insertInto("sign_in_throttle")
      .values({ key, failures: 1, window_started_at: nowText })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          failures: sql`CASE WHEN ${windowEnded} THEN 1 ELSE sign_in_throttle.failures + 1 END`,
          window_started_at: sql`CASE WHEN ${windowEnded} THEN ${nowText} ELSE sign_in_throttle.window_started_at END`,
        }),
      )
      .returning(["failures", "window_started_at"])
      .executeTakeFirstOrThrow();
    return { failures: Number(row.failures), windowStartedAt: Date.parse(fromDbTimestamp(row.window_started_at)) };
  }

  private async giveBack(counted: readonly CountedKey[]): Promise<void> {
    for (const { key } of counted) {
      await this.db
        .updateTable("sign_in_throttle")
        .set({ failures: sql`CASE WHEN failures > 0 THEN failures - 1 ELSE 0 END` })
        .where("key", "=", key)
        .execute();
    }
  }

  private remember(key: string, verdict: ThrottleVerdict & { throttled: true }, windowEnds: number, now: number): void {
    if (this.lockedHere.size >= LOCAL_MEMORY_MAX_KEYS) this.lockedHere.clear();
    this.lockedHere.set(key, { until: Math.min(windowEnds, now + LOCAL_MEMORY_MS), verdict, windowEnds });
  }

  /** Windows that have ended are deleted, at most once a minute per node. */
  private cleanUpNowAndThen(now: number): void {
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    for (const [key, entry] of this.lockedHere) if (entry.until <= now) this.lockedHere.delete(key);
    const cutoff = toDbTimestamp(new Date(now - this.limits.signInWindowSeconds * 1000));
    void this.db.deleteFrom("sign_in_throttle").where("window_started_at", "<=", cutoff).execute().catch(() => undefined);
  }
}

/**
 * A key as stored: short values as they are (readable in the table), longer ones by their SHA-256, so
 * that no input can make a key too long for the primary key's index (PostgreSQL's btree takes at most
 * 2704 bytes a row).
 */
function boundedKey(prefix: string, value: string): string {
  return value.length <= 100 ? `${prefix}:${value}` : `${prefix}-sha256:${createHash("sha256").update(value).digest("hex")}`;
}

const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));

/**
 * The address a limit counts: IPv4 as is (an IPv4-mapped IPv6 address as IPv4), IPv6 by its /64,
 * which one subscriber usually holds whole.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head, tail = ""] = ip.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes("::") ? [...headGroups, ...Array(missing).fill("0"), ...tailGroups] : headGroups;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
