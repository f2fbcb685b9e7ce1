/** Starts the server: settings from the environment, the API and the built web app on one port. */
import type { AddressInfo } from "node:net";
import { type BuiltApp, buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";

function accountsTable(accounts: BuiltApp["seededAccounts"]): string {
  const rows = [["Username", "Password", "Role"], ...accounts.map((a) => [a.username, a.password, a.role])];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `  ${r.map((cell, i) => cell.padEnd(widths[i])).join("   ")}`.trimEnd();
  return [line(rows[0]), line(widths.map((w) => "-".repeat(w))), ...rows.slice(1).map(line)].join("\n");
}

/** Settings the environment gives, and those the database shows to be missing, fail with one line. */
async function configured<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = await configured(() => loadConfig());
  const { app, seededAccounts } = await configured(() => buildApp(config.app));
  await app.listen({ port: config.listen.port, host: config.listen.host });
  const { port } = app.server.address() as AddressInfo;
  const host = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(config.listen.host) ? "localhost" : config.listen.host;
  console.log(`Server listening on http://${host}:${port}`);
  if (!app.hasRoute({ method: "GET", url: "/*" })) {
    console.log(`No web app in ${config.app.staticDir}: serving the API only (run "npm run build" to add it)`);
  }
  if (seededAccounts.length > 0) console.log(`\nAccounts created on this start:\n${accountsTable(seededAccounts)}\n`);

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1); // a second signal: stop at once
    closing = true;
    console.log(`${signal} received, shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error("Failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
