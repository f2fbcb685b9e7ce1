/** Access tokens: HS256 JWTs carrying userId, sub (username) and roles (spec §3), and sid (the session). */
import { SignJWT, jwtVerify } from "jose";
import { ROLES, type Role } from "../../src/contract";
import { type Clock, systemClock } from "../clock";

export interface SessionUser {
  id: number;
  username: string;
  roles: Role[];
}

/** The caller of a guarded route: the user, and the session the token belongs to. */
export interface TokenUser extends SessionUser {
  sessionId: string;
}

export class TokenService {
  /** Imported once: given the secret's bytes, jose imports a key on every call (a tenth of a list request's CPU). */
  private readonly key: Promise<CryptoKey>;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock = systemClock,
  ) {
    this.key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
  }

  async sign(user: SessionUser, sessionId: string): Promise<string> {
    const now = Math.floor(this.clock() / 1000);
    return new SignJWT({ userId: user.id, roles: user.roles, sid: sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user.username)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(await this.key);
  }

  /**
   * The user and session of a valid token, or undefined for a missing, forged or expired one, and for
   * a token without a session id (issued before sessions existed: the client refreshes it).
   */
  async verify(token: string): Promise<TokenUser | undefined> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ["HS256"], currentDate: new Date(this.clock()) });
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is Role => ROLES.includes(r)) : [];
      if (typeof payload.userId !== "number" || typeof payload.sub !== "string" || typeof payload.sid !== "string") return undefined;
      return { id: payload.userId, username: payload.sub, roles, sessionId: payload.sid };
    } catch {
      return undefined;
    }
  }
}
