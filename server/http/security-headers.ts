/**
 * Security headers on every reply, the web app's and the API's (@fastify/helmet): a strict
 * Content-Security-Policy, frame-ancestors 'none' (and X-Frame-Options: DENY for old browsers),
 * nosniff, Referrer-Policy no-referrer, and HSTS on requests that arrived over HTTPS (directly, or
 * through a proxy that TRUST_PROXY names and that says so in X-Forwarded-Proto).
 *
 * Scripts and styles may come from this server or carry the response's nonce; nothing inline is
 * allowed otherwise. index.html gets the nonces written into it (index-html.ts) and the app gives the
 * style nonce to every <style> element it or a library creates (src/csp.ts; docs/security.md).
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** The policy without its nonces, which helmet adds per reply to script-src and style-src. */
export const CSP_DIRECTIVES = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "connect-src": ["'self'"],
  "font-src": ["'self'", "data:"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  // Attachments are previewed in frames and images from blob: and data: URLs made in the page.
  "frame-src": ["'self'", "blob:", "data:"],
  "img-src": ["'self'", "data:", "blob:"],
  "manifest-src": ["'self'"],
  "object-src": ["'none'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'"],
  "worker-src": ["'self'"],
};

const ONE_YEAR = 365 * 24 * 3600;

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Sent below, over HTTPS only: over plain HTTP it means nothing, and on a LAN address it would
    // make browsers refuse the server's plain-HTTP port.
    strictTransportSecurity: false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "no-referrer" },
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", `max-age=${ONE_YEAR}; includeSubDomains`);
  });
}
