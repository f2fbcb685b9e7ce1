import { ROLES, type Role } from "../contract/enums";
import type { SessionUser } from "./token";

/** The auth state of spec §3, kept in localStorage under "auth". */
export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  signUpUserId: number | null;
}

/** Why the last session ended; guards use it to pick where to send the user. */
export type SessionEndReason = "logout" | "refresh-failed" | "forbidden" | "not-permitted";

export const AUTH_STORAGE_KEY = "auth";

export const EMPTY_AUTH: AuthState = { user: null, token: null, signUpUserId: null };

/**
 * The saved state, field by field: a field that does not read back is dropped (null), the rest kept.
 * Written by hand rather than with zod: this runs before the first screen, which carries no zod.
 */
function readStoredAuth(value: unknown): AuthState {
  if (typeof value !== "object" || value === null) throw new Error("Saved auth state is not an object");
  const { user, token, signUpUserId } = value as Record<string, unknown>;
  const isUser = (u: unknown): u is SessionUser => {
    const { userId, sub, roles } = (u ?? {}) as Record<string, unknown>;
    return typeof userId === "number" && typeof sub === "string" && Array.isArray(roles) && roles.every((r) => ROLES.includes(r as Role));
  };
  return {
    user: isUser(user) ? { userId: user.userId, sub: user.sub, roles: [...user.roles] } : null,
    token: typeof token === "string" ? token : null,
    signUpUserId: typeof signUpUserId === "number" ? signUpUserId : null,
  };
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface SessionStore {
  get(): AuthState;
  /** Stores a fresh token and its user (sign-in and token refresh). */
  signIn(token: string, user: SessionUser): void;
  setSignUpUserId(id: number | null): void;
  /** Ends the session; `notice` says why, on the sign-in page (the server's words). */
  end(reason: SessionEndReason, notice?: string): void;
  lastEndReason(): SessionEndReason | undefined;
  /** Why the last session ended, until someone signs in again or it is dismissed (in the user's language). */
  endNotice(): string | undefined;
  forgetEndNotice(): void;
  /** Once the reason has been acted on (the user was redirected), later visits are ordinary ones. */
  forgetEndReason(): void;
  /** Reads the saved state back; resolves once it is in memory. */
  restore(): Promise<void>;
  subscribe(listener: () => void): () => void;
}

export interface SessionStoreOptions {
  /** The notice as the user reads it (issue 28: in their language), applied when it is read. */
  noticeText?: (notice: string) => string;
}

export function createSessionStore(storage: KeyValueStorage | undefined, options: SessionStoreOptions = {}): SessionStore {
  let state: AuthState = EMPTY_AUTH;
  let endReason: SessionEndReason | undefined;
  let notice: string | undefined;
  const listeners = new Set<() => void>();

  const set = (next: AuthState) => {
    state = next;
    try {
      if (next.token || next.signUpUserId !== null) storage?.setItem(AUTH_STORAGE_KEY, JSON.stringify(next));
      else storage?.removeItem(AUTH_STORAGE_KEY);
    } catch {
      // storage full or blocked: the session still works for this tab
    }
    listeners.forEach((listener) => listener());
  };

  return {
    get: () => state,
    signIn(token, user) {
      endReason = undefined;
      notice = undefined;
      set({ ...state, token, user });
    },
    setSignUpUserId(signUpUserId) {
      set({ ...state, signUpUserId });
    },
    end(reason, why) {
      endReason = reason;
      notice = why;
      set(EMPTY_AUTH);
    },
    lastEndReason: () => endReason,
    endNotice: () => (notice !== undefined && options.noticeText ? options.noticeText(notice) : notice),
    forgetEndNotice() {
      notice = undefined;
    },
    forgetEndReason() {
      endReason = undefined;
    },
    async restore() {
      const raw = storage?.getItem(AUTH_STORAGE_KEY);
      if (!raw) return;
      try {
        const parsed = readStoredAuth(JSON.parse(raw));
        state = parsed.token && parsed.user ? parsed : { ...EMPTY_AUTH, signUpUserId: parsed.signUpUserId };
      } catch {
        storage?.removeItem(AUTH_STORAGE_KEY);
      }
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Resolves when `task` settles or after `ms`, whichever comes first; never rejects. */
export function settleWithin(task: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    task.then(
      () => resolve(),
      () => resolve(),
    ).finally(() => clearTimeout(timer));
  });
}
