import type { BaseRecord, DataProvider } from "@refinedev/core";
import type { AxiosInstance, AxiosResponse } from "axios";
import { fillPath, type Envelope, type Page } from "../contract";
import type { WriteEndpoint } from "../resources/types";
import { takeEarlyReply } from "../first-screen/early-replies";
import { ApiRequestError, NOT_ACCEPTED_MESSAGE, RECORD_NOT_FOUND_MESSAGE } from "./http-errors";
import { apiOf, endpointOf, type ListParams, listRequestUrl, type QueryValue, withQuery } from "./list-request";
import { uploadConfig, uploadOptionsOf } from "./upload-progress";

export { filtersToParams, toQueryString } from "./list-request";

export interface DataProviderOptions {
  http: AxiosInstance;
  apiUrl: string;
  /** The signed-in user's id, for lists scoped to "my" passports. */
  currentUserId: () => number | undefined;
}

/** Picks the first file out of what a form holds: a File, a list of them, or antd UploadFile objects. */
function firstFile(value: unknown): Blob | undefined {
  if (typeof Blob !== "undefined" && value instanceof Blob) return value;
  if (Array.isArray(value)) return firstFile(value[0]);
  if (value && typeof value === "object" && "originFileObj" in value) return firstFile(value.originFileObj);
  return undefined;
}

/** Multipart body of the contract: part "data" (JSON) plus one part per file field. */
export function toMultipart(values: Record<string, unknown>, fileFields: readonly string[]): FormData {
  const json: Record<string, unknown> = {};
  const files: [string, Blob][] = [];
  for (const [key, value] of Object.entries(values)) {
    if (!fileFields.includes(key)) {
      json[key] = value;
      continue;
    }
    const file = firstFile(value);
    if (file) files.push([key, file]);
  }
  const form = new FormData();
  form.append("data", new Blob([JSON.stringify(json)], { type: "application/json" }));
  for (const [key, file] of files) form.append(key, file, file instanceof File ? file.name : key);
  return form;
}

/**
 * A write the server answered with `success: false` failed, whatever the HTTP status: it rejects
 * like an HTTP error so screens show their failure messages (with the server's errorMessage).
 */
function requireSuccess(reply: Envelope, status: number): Envelope {
  if (reply.success === false) {
    throw new ApiRequestError("HTTP_ERROR", reply.errorMessage ?? reply.message ?? NOT_ACCEPTED_MESSAGE, status, reply);
  }
  return reply;
}

const bodyFor = (endpoint: WriteEndpoint, variables: unknown) =>
  endpoint.multipartFiles ? toMultipart((variables ?? {}) as Record<string, unknown>, endpoint.multipartFiles) : variables;

/** Refine's data provider, and replies fetched ahead of the screen that will ask for them. */
export type AppDataProvider = DataProvider & {
  prefetch: {
    /** Starts the GET that `getList` with the same parameters would send. */
    list(params: ListParams): void;
    /** Starts a GET that `custom` will ask for (a lookup, e.g. the agents). */
    get(url: string): void;
  };
};

/** How long a prefetched reply waits for its screen; after that the screen fetches afresh. */
const PREFETCH_TTL_MS = 30_000;

/**
 * Refine's data provider over the contract (spec §7): lists come from the endpoint the resource
 * declares in `meta.api`, pages are zero-based, replies are envelopes.
 */
export function createDataProvider({ http, apiUrl, currentUserId }: DataProviderOptions): AppDataProvider {
  const listUrl = (params: ListParams) => listRequestUrl(params, currentUserId());

  // Each prefetched reply serves the first request for its URL, once.
  const prefetched = new Map<string, { reply: Promise<AxiosResponse<Envelope>>; at: number }>();
  const prefetch = (url: string) => {
    // Offline, the screen's own request waits for the network (react-query); so does this one, by not starting.
    if (typeof navigator !== "undefined" && navigator.onLine === false) return;
    const reply = http.get<Envelope>(url);
    reply.catch(() => prefetched.delete(url));
    prefetched.set(url, { reply, at: Date.now() });
  };
  const send = async (url: string): Promise<AxiosResponse<Envelope>> => {
    // The first screen's own request for this list (src/first-screen), if it succeeded.
    const first = await takeEarlyReply(url);
    if (first) return { data: first } as AxiosResponse<Envelope>;
    const early = prefetched.get(url);
    prefetched.delete(url);
    return early && Date.now() - early.at < PREFETCH_TTL_MS ? early.reply : http.get<Envelope>(url);
  };

  const get = async <T>(url: string) => (await send(url)).data as Envelope<T>;

  return {
    getApiUrl: () => apiUrl,

    prefetch: {
      list: (params) => prefetch(listUrl(params)),
      get: prefetch,
    },

    async getList(params) {
      const reply = (await get<Page<BaseRecord> | BaseRecord[]>(listUrl(params))).replyMessage;
      if (Array.isArray(reply)) return { data: reply as never[], total: reply.length };
      return { data: (reply?.content ?? []) as never[], total: reply?.totalElements ?? 0 };
    },

    async getOne({ resource, id, meta }) {
      const api = apiOf(meta, resource);
      if (api.one) {
        const reply = await get<BaseRecord>(fillPath(api.one, { id, userId: id }));
        return { data: reply.replyMessage as never };
      }
      // Slots have no single-record endpoint; their whole list is small.
      const all = (await get<BaseRecord[] | Page<BaseRecord>>(endpointOf(api.list, resource, "list").path)).replyMessage;
      const rows = Array.isArray(all) ? all : (all?.content ?? []);
      const found = rows.find((row) => String(row.id) === String(id));
      if (!found) throw Object.assign(new Error(RECORD_NOT_FOUND_MESSAGE), { statusCode: 404 });
      return { data: found as never };
    },

    async create({ resource, variables, meta }) {
      const endpoint = endpointOf(apiOf(meta, resource).create, resource, "create");
      const body = bodyFor(endpoint, variables);
      const response = await http.post<Envelope>(endpoint.path, body, uploadConfig(body, uploadOptionsOf(meta)));
      const reply = requireSuccess(response.data, response.status);
      return { data: (reply.replyMessage ?? {}) as never };
    },

    async update({ resource, id, variables, meta }) {
      const endpoint = endpointOf(apiOf(meta, resource).update, resource, "update");
      const url = fillPath(endpoint.path, { id, userId: id });
      const body = bodyFor(endpoint, variables);
      const response = await http.put<Envelope>(url, body, uploadConfig(body, uploadOptionsOf(meta)));
      const reply = requireSuccess(response.data, response.status);
      return { data: (reply.replyMessage ?? { id }) as never };
    },

    async deleteOne({ resource, id, meta }) {
      const path = endpointOf(apiOf(meta, resource).delete, resource, "delete");
      const response = await http.delete<Envelope>(fillPath(path, { id, userId: id }));
      const reply = requireSuccess(response.data, response.status);
      return { data: (reply.replyMessage ?? { id }) as never };
    },

    /**
     * Workflow actions (review, approve, milestones, ...). `url` is a filled contract path;
     * `data` is the whole envelope so callers can show `message` or `errorMessage`.
     */
    async custom({ url, method, payload, query, headers, meta }) {
      const fullUrl = withQuery(url, (query ?? {}) as Record<string, QueryValue>);
      const response =
        method === "get" && !payload && !headers
          ? await send(fullUrl)
          : await http.request<Envelope>({ url: fullUrl, method, data: payload, headers, ...uploadConfig(payload, uploadOptionsOf(meta)) });
      return { data: response.data as never };
    },
  };
}
