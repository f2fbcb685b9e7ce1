import axios, { type AxiosAdapter, type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from "axios";
import { PATHS, type Envelope } from "../contract";
import type { SessionEndReason, SessionStore } from "../session/session-store";
import { decodeToken } from "../session/token";
import { ApiRequestError, isEnvelope, isTransportError, toApiError, transportError, type TransportError } from "./http-errors";

export interface HttpClientOptions {
  baseURL: string;
  session: SessionStore;
  /**
   * Called when the session must end (refresh failed, 403). `notice` is what the server said about why
   * (its session ended after 30 minutes idle, the account was disabled...), for the sign-in page.
   */
  onSessionEnd: (reason: SessionEndReason, notice?: string) => void;
  /** Called for FETCH_ERROR, TIMEOUT_ERROR and PARSING_ERROR (not for cancelled calls) so the user learns what happened. */
  onTransportError?: (error: TransportError) => void;
  timeoutMs?: number;
  adapter?: AxiosAdapter;
}

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean; _sentToken?: string | null };

/**
 * A call whose successful reply is not the spec's envelope: the declared resources' REST dialect
 * (a record, an array, a file's bytes). Its failures are envelopes all the same.
 */
export const PLAIN_REPLY = { reply: "plain" } as const;
const expectsPlainReply = (config: InternalAxiosRequestConfig) => (config as { reply?: string }).reply === PLAIN_REPLY.reply;
/** A JSON object or array, or a Blob: anything but the text of a page that answered in the API's place. */
const isPlainReply = (data: unknown) => typeof data === "object" && data !== null;

/** A download's failure comes as a Blob (responseType "blob"): its envelope is read, so its message shows. */
async function readBlobEnvelope(error: AxiosError): Promise<void> {
  const data = error.response?.data;
  if (typeof Blob === "undefined" || !(data instanceof Blob) || !data.type.includes("json")) return;
  try {
    error.response!.data = JSON.parse(await data.text());
  } catch {
    // not JSON after all: it stays a Blob, read as a parsing error
  }
}

/** Calls that must never trigger a refresh: signing in, and the refresh itself. */
const NO_REFRESH_PATHS = new Set<string>([PATHS.login, PATHS.refresh, PATHS.logout]);

function pathOf(config: InternalAxiosRequestConfig): string {
  const url = config.url ?? "";
  const path = url.startsWith("http") ? new URL(url).pathname : url.split("?")[0];
  return path === "" ? "/" : path;
}

/** The server's reason in a 401 or 403 reply ("Your session ended after 30 minutes without activity..."). */
function sessionEndNotice(error: unknown): string | undefined {
  const failure = toApiError(error);
  const refused = failure.statusCode === 401 || failure.statusCode === 403;
  return refused ? (failure.envelope?.errorMessage ?? undefined) : undefined;
}

/**
 * The axios instance every call goes through (spec §4, §7, §8): cookies sent, Bearer token attached,
 * 401 answered by one token refresh that concurrent calls wait for, 403 ends the session, and
 * transport failures surface as FETCH_ERROR / TIMEOUT_ERROR / PARSING_ERROR, cancelled calls as ABORTED.
 * Resolved responses carry the envelope in `response.data` (a plain reply for calls sent with PLAIN_REPLY).
 */
/** The axios instance, and the token renewal its 401 rule uses, for callers that do not go through axios (the live stream). */
export type HttpClient = AxiosInstance & {
  /**
   * After a 401 to a call sent with `sentToken`: a fresh token, from the one refresh every waiting
   * call shares (or the current token, when it is newer than `sentToken`). When the refresh fails the
   * session ends, as for any call, and the promise rejects.
   */
  renewToken(sentToken: string | null): Promise<string>;
};

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { session } = options;
  const http = axios.create({
    baseURL: options.baseURL || undefined,
    withCredentials: true,
    timeout: options.timeoutMs ?? 30_000,
    // Time-outs reject with ETIMEDOUT rather than ECONNABORTED, which axios also uses for aborted calls.
    transitional: { clarifyTimeoutError: true },
    adapter: options.adapter,
  });

  let refreshing: Promise<string> | null = null;

  /** Single flight: the first 401 starts the refresh, later ones join it. */
  const refreshToken = (): Promise<string> => {
    refreshing ??= http
      .post<Envelope<{ token: string }>>(PATHS.refresh, {}, { headers: { "Content-Type": "application/json" } })
      .then((response) => {
        const token = response.data.replyMessage?.token;
        const user = token ? decodeToken(token) : undefined;
        if (!token || !user) throw new ApiRequestError("HTTP_ERROR", "The refresh reply carried no token", response.status);
        session.signIn(token, user);
        return token;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  const renewToken = async (sentToken: string | null): Promise<string> => {
    // A call sent with an older token than the current one only needs a retry, not a refresh.
    const current = session.get().token;
    if (current && current !== sentToken) return current;
    try {
      return await refreshToken();
    } catch (refreshError) {
      options.onSessionEnd("refresh-failed", sessionEndNotice(refreshError));
      throw refreshError;
    }
  };

  http.interceptors.request.use((config: RetriableConfig) => {
    const token = session.get().token;
    config._sentToken = token;
    if (token && pathOf(config) !== PATHS.login) config.headers.set("Authorization", `Bearer ${token}`);
    return config;
  });

  http.interceptors.response.use(
    (response) => {
      if (expectsPlainReply(response.config) ? !isPlainReply(response.data) : !isEnvelope(response.data)) {
        const error = transportError("PARSING_ERROR", response.status);
        options.onTransportError?.(error);
        throw error;
      }
      return response;
    },
    async (error: AxiosError) => {
      await readBlobEnvelope(error);
      const config = error.config as RetriableConfig | undefined;
      const status = error.response?.status;
      const path = config ? pathOf(config) : "";

      if (status === 401 && config && !NO_REFRESH_PATHS.has(path)) {
        if (config._retried) {
          options.onSessionEnd("refresh-failed", sessionEndNotice(error));
          throw toApiError(error);
        }
        try {
          await renewToken(config._sentToken ?? null);
        } catch {
          throw toApiError(error);
        }
        config._retried = true;
        return http.request(config);
      }
      if (status === 403 && !NO_REFRESH_PATHS.has(path)) options.onSessionEnd("forbidden");

      const apiError = toApiError(error);
      if (isTransportError(apiError)) options.onTransportError?.(apiError);
      throw apiError;
    },
  );

  return Object.assign(http, { renewToken });
}
