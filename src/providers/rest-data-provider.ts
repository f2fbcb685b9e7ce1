import type { DataProvider } from "@refinedev/core";
import simpleRest from "@refinedev/simple-rest";
import type { AxiosInstance, AxiosRequestConfig } from "axios";
import { PLAIN_REPLY } from "./http-client";

/**
 * The project's axios instance as simple-rest calls it, each call marked as expecting a plain reply
 * (a record or an array, not the envelope). The same instance: the token, the single-flight refresh
 * and the 401/403 rules of spec §4 apply unchanged, and failures reject with ApiRequestError, whose
 * `message` (the envelope's errorMessage) and `errors` (field messages) are Refine's HttpError's.
 */
function plainCalls(http: AxiosInstance): AxiosInstance {
  const plain = (config?: AxiosRequestConfig) => ({ ...config, ...PLAIN_REPLY });
  return {
    get: (url: string, config?: AxiosRequestConfig) => http.get(url, plain(config)),
    delete: (url: string, config?: AxiosRequestConfig) => http.delete(url, plain(config)),
    head: (url: string, config?: AxiosRequestConfig) => http.head(url, plain(config)),
    options: (url: string, config?: AxiosRequestConfig) => http.options(url, plain(config)),
    post: (url: string, data?: unknown, config?: AxiosRequestConfig) => http.post(url, data, plain(config)),
    put: (url: string, data?: unknown, config?: AxiosRequestConfig) => http.put(url, data, plain(config)),
    patch: (url: string, data?: unknown, config?: AxiosRequestConfig) => http.patch(url, data, plain(config)),
  } as unknown as AxiosInstance;
}

const isFile = (value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob;

/**
 * A record to create or change, as the declared API takes it: JSON, or multipart/form-data when a file
 * goes with it (each other field a form field of its name, empty for none; the file a part named by
 * its field). A file field left out keeps the stored file; `null` removes it.
 */
export function recordBody(variables: unknown): unknown {
  const values = (variables ?? {}) as Record<string, unknown>;
  if (!Object.values(values).some(isFile)) return variables;
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (isFile(value)) form.append(name, value, value instanceof File ? value.name : name);
    else form.append(name, value === null ? "" : String(value));
  }
  return form;
}

/**
 * Refine's data provider for the declared resources (issue 26, dataProviderName "rest"): simple-rest's
 * dialect at `${apiUrl}/api`, over the project's HTTP client. The spec's endpoints keep the envelope
 * provider (data-provider.ts).
 */
export function createRestDataProvider(http: AxiosInstance, apiUrl: string): DataProvider {
  const rest = simpleRest(`${apiUrl}/api`, plainCalls(http));
  return {
    ...rest,
    create: (params) => rest.create({ ...params, variables: recordBody(params.variables) as never }),
    update: (params) => rest.update({ ...params, variables: recordBody(params.variables) as never }),
  };
}
