import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { RefreshTokens } from "./auth/refresh-tokens";
import type { Sessions } from "./auth/sessions";
import type { SignInThrottle } from "./auth/sign-in-throttle";
import type { TokenService } from "./auth/tokens";
import type { Clock } from "./clock";
import type { AppConfig, ServerLimits } from "./config";
import type { Dialect, TextSearch } from "./db/database";
import type { DB } from "./db/schema";
import type { LivePublisher } from "./live/live";
import type { SecurityEvents } from "./security/events";
import type { DocumentStorage } from "./storage";

/** What every route module receives. */
export interface AppContext {
  db: Kysely<DB>;
  /** Where get-attachments reads the documents' bytes (server/db/database.ts). */
  documents: Kysely<DB>;
  /** Where stored files' bytes go and are read from: their rows, or STORAGE_URL's bucket (docs/storage.md). */
  storage: DocumentStorage;
  /** Where the lists' text filters are read (server/db/database.ts). */
  textSearch: TextSearch;
  dialect: Dialect;
  config: AppConfig;
  tokens: TokenService;
  refreshTokens: RefreshTokens;
  signInThrottle: SignInThrottle;
  /** The config's limits with their defaults filled in. */
  limits: ServerLimits;
  sessions: Sessions;
  securityEvents: SecurityEvents;
  clock: Clock;
  /** Publish each change of a passport, slot, user or declared record after its commit (docs/live.md). */
  live: LivePublisher;
}

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => void;
