/** Builds the Fastify app from a config object: API routes, auth guard, envelope errors, web app. */
import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import cookie from "@fastify/cookie";
import cors from "@fastify/cors";
import multipart from "@fastify/multipart";
import sse from "@fastify/sse";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { LIVE_HEARTBEAT_SECONDS, isApiPath } from "../src/contract";
import { DECLARED_RESOURCES } from "../src/resources/declared";
import { accessGuard, type Access } from "./auth/access";
import { hashingSlots } from "./auth/passwords";
import { RefreshTokens } from "./auth/refresh-tokens";
import { Sessions } from "./auth/sessions";
import { SignInThrottle } from "./auth/sign-in-throttle";
import { TokenService } from "./auth/tokens";
import { systemClock } from "./clock";
import { type AppConfig, SESSION_DEFAULTS, limitsOf } from "./config";
import type { AppContext } from "./context";
import { type Database, openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { prepareData } from "./db/seed";
import { API_DOCS_PATH, registerApiDocs } from "./http/api-docs";
import { ApiError } from "./http/errors";
import { failure } from "./http/envelope";
import { parseClientJson } from "./http/json";
import { OPENAPI_PATH, openApiRoute, registerOpenApi } from "./http/openapi";
import { registerReplyCheck } from "./http/reply-check";
import { sendIndexHtml } from "./http/index-html";
import { registerSecurityHeaders } from "./http/security-headers";
import { audienceRule } from "./live/audience";
import { Live } from "./live/live";
import { authRoutes } from "./routes/auth";
import { eventRoutes } from "./routes/events";
import { passportImportRoutes } from "./routes/passport-import";
import { passportListRoutes } from "./routes/passport-lists";
import { passportRecordRoutes } from "./routes/passport-records";
import { passportWorkflowRoutes } from "./routes/passport-workflow";
import { securityEventRoutes } from "./routes/security-events";
import { sessionRoutes } from "./routes/sessions";
import { USERS_LIST_ROLES, userRoutes } from "./routes/users";
import { checkDeclarations, declaredTags, registerDeclaredResources } from "./resources";
import { SecurityEvents } from "./security/events";
import { openStorage } from "./storage";

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RegisteredRoute[];
    /** The live event bus (server/live/): `app.live.openStreams` counts this node's open streams. */
    live: Live;
  }
}

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  /** Accounts seeded on this start, to print. */
  seededAccounts: { username: string; password: string; role: string }[];
}

export async function buildApp(config: AppConfig): Promise<BuiltApp> {
  const database = openDatabase(config.databaseUrl);
  let seededAccounts: BuiltApp["seededAccounts"];
  try {
    await migrateToLatest(database.db, database.dialect, config.extraMigrationFolders);
    seededAccounts = await prepareData(database, config);
  } catch (error) {
    await database.close();
    throw error;
  }

  const limits = limitsOf(config);
  hashingSlots.configure(limits.passwordHashConcurrency, limits.passwordHashWaitMs);
  const app = Fastify({
    logger: config.logger,
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For/-Proto/-Host count only from the proxies TRUST_PROXY names.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Fastify sets these two on the server after creating it; the other two only exist as options of
    // http.createServer. Node enforces the request and headers time-outs when it checks its
    // connections, every connectionsCheckingInterval (30 s by default, hence a lower one).
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.connectionsCheckIntervalMs,
    },
  });
  app.server.maxConnections = limits.maxConnections;
  const clock = config.clock ?? systemClock;
  const tokens = new TokenService(config.jwtSecret, config.accessTokenTtlSeconds, clock);
  const refreshTokens = new RefreshTokens(
    database.db,
    config.refreshTokenTtlSeconds,
    config.refreshGraceSeconds ?? SESSION_DEFAULTS.refreshGraceSeconds,
    clock,
  );
  const securityEvents = new SecurityEvents(database.db, clock);
  const sessionLimits = {
    idleSeconds: config.sessionIdleSeconds ?? SESSION_DEFAULTS.idleSeconds,
    maxAgeSeconds: config.sessionMaxAgeSeconds ?? SESSION_DEFAULTS.maxAgeSeconds,
  };
  const sessions = new Sessions(database.db, clock, sessionLimits, refreshTokens, securityEvents);
  // Orphaned objects are reported on stderr whether or not requests are logged (LOG_REQUESTS).
  const storage = openStorage(config.storage);
  const declared = config.declaredResources ?? DECLARED_RESOURCES;
  const live = new Live({
    dialect: database.dialect,
    db: database.db,
    databaseUrl: config.databaseUrl,
    maySee: audienceRule(declared, USERS_LIST_ROLES),
    sessions,
    log: app.log,
  });
  const ctx: AppContext = {
    db: database.db,
    documents: database.documents,
    storage,
    textSearch: database.textSearch,
    dialect: database.dialect,
    config,
    limits,
    tokens,
    refreshTokens,
    signInThrottle: new SignInThrottle(database.db, limits, clock),
    sessions,
    securityEvents,
    clock,
    live,
  };

  // Read lazily: hooks of inner scopes (the web app's) may still set `config.access` after this one ran.
  const routes: { method: string | string[]; url: string; config?: { access?: Access } }[] = [];
  app.addHook("onRoute", (route) => void routes.push(route));
  app.decorate("routeTable", {
    getter: () =>
      routes.flatMap((route) =>
        [route.method].flat().filter((m) => m !== "HEAD").map((method) => ({ method, url: route.url, access: route.config?.access })),
      ),
  });
  app.addHook("onClose", async () => {
    storage.close();
    await database.close();
  });
  app.decorate("live", live);
  // Open streams would keep the server from closing; the listener and the session checks end after them.
  app.addHook("preClose", async () => live.closeStreams());
  app.addHook("onClose", () => live.stop());

  // POST / (token refresh) is sent with an empty JSON body; accept it rather than answer 400.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => {
    const text = String(body).trim();
    if (text === "") return done(null, {});
    try {
      done(null, parseClientJson(text, "The request body is not valid JSON"));
    } catch (error) {
      done(error as ApiError, undefined);
    }
  });

  await registerOpenApi(app, declaredTags(declared));
  if (config.checkReplies) registerReplyCheck(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  if (config.corsOrigin) await registerCors(app, config.corsOrigin);
  await app.register(multipart, { limits: { fileSize: config.maxUploadBytes, files: 12, fields: 20, parts: 40 } });
  await app.register(sse, { heartbeatInterval: (config.liveHeartbeatSeconds ?? LIVE_HEARTBEAT_SECONDS) * 1000 });

  app.addHook("onRequest", accessGuard(tokens, sessions));
  app.setErrorHandler(errorHandler(app));
  if (storage.objects) {
    // Uploads stream to the bucket as they are read: a request that fails before its write leaves no
    // object (before its error is answered), nor does one that answers without writing its files.
    app.addHook("onError", async (request) => storage.discardUploads(request));
    app.addHook("onResponse", async (request) => storage.discardUploads(request));
  }

  for (const routes of [
    authRoutes,
    sessionRoutes,
    securityEventRoutes,
    userRoutes,
    passportListRoutes,
    passportRecordRoutes,
    passportWorkflowRoutes,
    passportImportRoutes,
  ]) {
    routes(app, ctx);
  }
  eventRoutes(app, live);
  try {
    // The API reference's routes are registered after these.
    checkDeclarations(declared, [...app.routeTable, { method: "GET", url: OPENAPI_PATH }, { method: "GET", url: API_DOCS_PATH }]);
  } catch (error) {
    await app.close();
    throw error;
  }
  registerDeclaredResources(app, declared, {
    store: { db: database.db, dialect: database.dialect, clock, resources: declared, storage, live },
    documents: database.documents,
    maxUploadBytes: config.maxUploadBytes,
    xlsxMaxRows: limits.exportXlsxMaxRows,
    importMaxBytes: limits.importMaxBytes,
    importMaxRows: limits.importMaxRows,
  });
  openApiRoute(app);
  await registerApiDocs(app);
  await registerWebApp(app, config.staticDir);
  try {
    await live.start();
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, database, seededAccounts };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function: Fastify reads a plain number as
 * "trust nobody" (it cannot check the connecting peer), whereas the setting means "the nearest N
 * hops are our proxies", which holds only when clients cannot reach the server but through them.
 */
function fastifyTrustProxy(trustProxy: AppConfig["trustProxy"]): false | string[] | ((address: string, hop: number) => boolean) {
  if (trustProxy === undefined) return false;
  if (typeof trustProxy === "number") return (_address, hop) => hop < trustProxy;
  return trustProxy;
}

/**
 * CORS for the origins of CORS_ORIGIN, with credentials (the refresh cookie). Any other origin gets no
 * CORS header at all. The plugin's catch-all OPTIONS route answers preflights before the access guard
 * needs a token, so it is public.
 */
async function registerCors(app: FastifyInstance, origins: string[]): Promise<void> {
  app.addHook("onRoute", (route) => {
    if (route.method === "OPTIONS" && route.url === "*") route.config = { ...route.config, access: "public" };
  });
  await app.register(cors, {
    origin: (origin, done) => done(null, origin !== undefined && origins.includes(origin) ? origin : false),
    credentials: true,
    // The declared resources' lists say their total in X-Total-Count; downloads name their file.
    exposedHeaders: ["X-Total-Count", "Content-Disposition"],
  });
}

/** The built web app: static files, and index.html for every other GET that is not an API path. */
async function registerWebApp(app: FastifyInstance, staticDir: string | undefined): Promise<void> {
  const hasWebApp = staticDir !== undefined && existsSync(join(staticDir, "index.html"));
  if (hasWebApp) {
    await app.register(async (scope) => {
      scope.addHook("onRoute", (route) => {
        route.config = { ...route.config, access: "public" };
      });
      await scope.register(fastifyStatic, {
        root: staticDir,
        wildcard: true,
        // index.html is sent by the not-found handler below, with the reply's CSP nonces in it.
        index: false,
        allowedPath: (path) => path !== "/" && path !== "/index.html",
        // The build writes .br and .gz beside each asset: staff on slow connections download those.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, path) => res.setHeader("cache-control", cacheControlOf(relative(staticDir, path))),
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0];
    // A missing file (a name with an extension, e.g. a stale hashed asset) stays a 404.
    const isPageRoute = (!isApiPath(path) && !/\.[^/]*$/.test(path)) || path === "/index.html";
    if (hasWebApp && (request.method === "GET" || request.method === "HEAD") && isPageRoute) {
      return sendIndexHtml(reply, staticDir);
    }
    return reply.code(404).send(failure(`Not found: ${request.method} ${path}`));
  });
}

/** Vite names the files in assets/ by their content hash: they never change, so they are kept for a year. */
function cacheControlOf(pathInWebApp: string): string {
  return /^assets[\\/]/.test(pathInWebApp) ? "public, max-age=31536000, immutable" : "no-cache";
}

function errorHandler(app: FastifyInstance) {
  return (error: FastifyError | ApiError | Error, request: import("fastify").FastifyRequest, reply: import("fastify").FastifyReply) => {
    if (error instanceof ApiError) {
      if (error.statusCode >= 500 && error.statusCode !== 503) request.log.error(error);
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send(failure(error.message, error.errors));
    }
    const code = (error as { code?: string }).code ?? "";
    if (code === "FST_REQ_FILE_TOO_LARGE" || code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.code(413).send(failure("The upload is too large"));
    }
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      return reply.code(413).send(failure("Too many parts in the upload"));
    }
    if (code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return reply.code(415).send(failure("Unsupported content type"));
    if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return reply.code(400).send(failure("Expected multipart/form-data"));
    if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "23505") return reply.code(409).send(failure("That value is already in use"));
    if (code === "SQLITE_CONSTRAINT_FOREIGNKEY" || code === "23503") return reply.code(409).send(failure("The record is still in use"));
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) return reply.code(status).send(failure(error.message));
    app.log.error(error);
    request.log.error(error);
    return reply.code(500).send(failure("Internal server error"));
  };
}
