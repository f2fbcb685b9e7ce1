import { ROLES, type Role } from "../contract/enums";

/** The session user of spec §3, decoded from the access token. */
export interface SessionUser {
  userId: number;
  sub: string;
  roles: Role[];
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(segment.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a JWT without verifying it (the server verifies; the app only needs to know
 * who is signed in). Returns undefined for anything that is not a token of ours.
 */
export function decodeToken(token: string): SessionUser | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(base64UrlDecode(payload)) as Record<string, unknown>;
    const userId = Number(claims.userId);
    if (!Number.isInteger(userId) || typeof claims.sub !== "string") return undefined;
    const roles = Array.isArray(claims.roles) ? claims.roles.filter((r): r is Role => ROLES.includes(r as Role)) : [];
    return { userId, sub: claims.sub, roles };
  } catch {
    return undefined;
  }
}
