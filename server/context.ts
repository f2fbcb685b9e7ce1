import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { RefreshTokens } from "./auth/refresh-tokens";
import type { SignInThrottle } from "./auth/sign-in-throttle";
import type { TokenService } from "./auth/tokens";
import type { AppConfig, ServerLimits } from "./config";
import type { Dialect } from "./db/database";
import type { DB } from "./db/schema";

/** What every route module receives. */
export interface AppContext {
  db: Kysely<DB>;
  dialect: Dialect;
  config: AppConfig;
  tokens: TokenService;
  refreshTokens: RefreshTokens;
  signInThrottle: SignInThrottle;
  /** The config's limits with their defaults filled in. */
  limits: ServerLimits;
}

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => void;
