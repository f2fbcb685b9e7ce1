/**
 * The web app's index.html, sent with the reply's CSP nonces written into it: on its <script> and
 * <style> tags, and in <meta property="csp-nonce" nonce="…">, which Vite's module preloader and
 * src/csp.ts read to give the nonce to the elements they add. A fresh nonce per reply; a
 * service worker that keeps index.html must keep it with its headers (the policy names the nonce).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyReply } from "fastify";

export function withCspNonces(html: string, nonces: { script: string; style: string }): string {
  return html
    .replace(/<script\b/gi, `<script nonce="${nonces.script}"`)
    .replace(/<style\b/gi, `<style nonce="${nonces.style}"`)
    .replace(/<head>/i, `<head>\n    <meta property="csp-nonce" nonce="${nonces.style}" />`);
}

/** Read on every page load (a small file), so a new build is served without a restart. */
export async function sendIndexHtml(reply: FastifyReply, staticDir: string): Promise<FastifyReply> {
  const html = await readFile(join(staticDir, "index.html"), "utf8");
  return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(withCspNonces(html, reply.cspNonce));
}
