/** Access tokens: HS256 JWTs carrying userId, sub (username) and roles (spec §3). */
import { SignJWT, jwtVerify } from "jose";
import { ROLES, type Role } from "../../src/contract";

export interface SessionUser {
  id: number;
  username: string;
  roles: Role[];
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string, private readonly ttlSeconds: number) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(user: SessionUser): Promise<string> {
    return new SignJWT({ userId: user.id, roles: user.roles })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(user.username)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(this.key);
  }

  /** The session user of a valid token, or undefined for a missing, forged or expired one. */
  async verify(token: string): Promise<SessionUser | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ["HS256"] });
      const roles = Array.isArray(payload.roles) ? payload.roles.filter((r): r is Role => ROLES.includes(r)) : [];
      if (typeof payload.userId !== "number" || typeof payload.sub !== "string") return undefined;
      return { id: payload.userId, username: payload.sub, roles };
    } catch {
      return undefined;
    }
  }
}
