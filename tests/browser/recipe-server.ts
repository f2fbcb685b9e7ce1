/**
 * The real server for the README-recipe test (adding-a-resource.test.ts), run as its own process from
 * the test's copy of the repository so it serves that copy's declarations: buildApp, as `npm start`
 * does, with the demo accounts on either database. Prints "LISTENING <url>" once it answers.
 */
import { buildApp } from "../../server/app";

const { app } = await buildApp({
  databaseUrl: process.env.DATABASE_URL ?? "",
  jwtSecret: "recipe-test-secret-0123456789-abcdefghij",
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 7 * 24 * 3600,
  maxUploadBytes: 5 * 1024 * 1024,
  production: false,
  staticDir: process.env.STATIC_DIR ?? "dist",
  seedDemoData: true,
  logger: false,
  limits: { passwordHashWaitMs: 60_000, signInAddressMaxFailures: 0 },
});
const address = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`LISTENING ${address}`);
const stop = () => void app.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
