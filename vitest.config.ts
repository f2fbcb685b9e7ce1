import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// Three projects: app unit/component tests in jsdom, server tests against SQLite and PostgreSQL,
// and browser tests that drive Chromium against the real server.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        test: {
          name: "app",
          include: ["tests/app/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["tests/app/setup.ts"],
          server: { deps: { inline: [/@refinedev\//, /react-router/] } },
        },
      },
      {
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/server/postgres-global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // s3rver (tests/support/s3.ts) makes a listing's continuation token with DES, which Node 20's
          // OpenSSL 3 only has in its legacy provider: without it, a listing of more than one page fails.
          execArgv: ["--openssl-legacy-provider"],
        },
      },
      {
        test: {
          name: "browser",
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/browser/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // Screens answer after a debounce and a real request; a loaded CI machine needs more than the 1 s default.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
