import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../../src/contract";
import { createHttpClient } from "../../../src/providers/http-client";
import type { ApiRequestError } from "../../../src/providers/http-errors";
import { createRestDataProvider } from "../../../src/providers/rest-data-provider";
import { createSessionStore } from "../../../src/session/session-store";
import { fakeToken } from "../support/render-app";

type Answer = { status?: number; body: unknown; headers?: Record<string, string> };

/** The project's HTTP client over a recording adapter, and the REST provider over it. */
function harness(answer: (config: InternalAxiosRequestConfig) => Answer) {
  const session = createSessionStore(undefined);
  session.signIn(fakeToken(2, "admin", ["ADMIN"]), { userId: 2, sub: "admin", roles: ["ADMIN"] });
  const calls: InternalAxiosRequestConfig[] = [];
  const ended: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const { status = 200, body, headers = {} } = answer(config);
    const response = { data: body, status, statusText: String(status), headers, config };
    if (status >= 400) throw Object.assign(new Error(`status ${status}`), { isAxiosError: true, response, config });
    return response;
  };
  const http = createHttpClient({ baseURL: "", session, adapter, onSessionEnd: (reason) => ended.push(reason) });
  return { provider: createRestDataProvider(http, "http://api.test"), calls, session, ended };
}

const envelopeError = (errorMessage: string, errors?: Record<string, string>) => ({ success: false, replyMessage: null, message: null, errorMessage, errors });

describe("the declared resources' data provider (simple-rest over the project's HTTP client)", () => {
  it("lists in simple-rest's dialect at ${API_URL}/api, the total from X-Total-Count", async () => {
    const { provider, calls } = harness(() => ({ body: [{ id: 11, name: "Gulf Builders" }], headers: { "x-total-count": "57" } }));
    const reply = await provider.getList({
      resource: "employers",
      pagination: { currentPage: 2, pageSize: 10, mode: "server" },
      sorters: [{ field: "name", order: "asc" }],
      filters: [
        { field: "country", operator: "contains", value: "saudi" },
        { field: "expiryDate", operator: "gte", value: "2026-01-01" },
        { field: "q", operator: "eq", value: "gulf" },
      ],
    });
    expect(calls[0].url).toBe("http://api.test/api/employers?_end=20&_order=asc&_sort=name&_start=10&country_like=saudi&expiryDate_gte=2026-01-01&q=gulf");
    expect(calls[0].headers.Authorization).toMatch(/^Bearer /);
    expect(reply).toEqual({ data: [{ id: 11, name: "Gulf Builders" }], total: 57 });
  });

  it("asks for several records by id (getMany: ?id=1&id=2)", async () => {
    const { provider, calls } = harness(() => ({ body: [{ id: 1 }, { id: 2 }] }));
    await provider.getMany!({ resource: "employers", ids: [1, 2] });
    expect(calls[0].url).toBe("http://api.test/api/employers?id=1&id=2");
  });

  it("keeps the session rules: a 401 is answered by the single-flight refresh and the call is sent again", async () => {
    const fresh = fakeToken(2, "admin", ["ADMIN"]).replace(".sig", ".new");
    let refreshed = false;
    const { provider, calls } = harness((config) => {
      if (config.url === PATHS.refresh) {
        refreshed = true;
        return { body: { success: true, replyMessage: { token: fresh }, message: null, errorMessage: null } };
      }
      return refreshed ? { body: { id: 3, name: "x" } } : { status: 401, body: envelopeError("Token expired") };
    });
    const reply = await provider.getOne({ resource: "employers", id: 3 });
    expect(reply.data).toEqual({ id: 3, name: "x" });
    expect(calls.map((c) => c.url)).toEqual(["http://api.test/api/employers/3", PATHS.refresh, "http://api.test/api/employers/3"]);
    expect(calls[2].headers.Authorization).toBe(`Bearer ${fresh}`);
  });

  it("reads failures from the envelope: errorMessage as the message, field messages as Refine's errors", async () => {
    const { provider } = harness(() => ({ status: 409, body: envelopeError("Licence No LIC-7 is already in use", { licenceNo: "Licence No LIC-7 is already in use" }) }));
    const error = (await provider.create({ resource: "employers", variables: { name: "A", licenceNo: "LIC-7" } }).catch((e) => e)) as ApiRequestError;
    expect(error.message).toBe("Licence No LIC-7 is already in use");
    expect(error.statusCode).toBe(409);
    expect(error.errors).toEqual({ licenceNo: "Licence No LIC-7 is already in use" });
  });

  it("sends JSON without a file, PATCH for a change", async () => {
    const { provider, calls } = harness(() => ({ body: { id: 4 } }));
    await provider.update({ resource: "demand-letters", id: 4, variables: { jobTitle: "Mason", attested: true } });
    expect(calls[0].method).toBe("patch");
    expect(calls[0].url).toBe("http://api.test/api/demand-letters/4");
    expect(JSON.parse(calls[0].data as string)).toEqual({ jobTitle: "Mason", attested: true });
  });

  it("sends a record with a file as multipart/form-data: each field a form field, the file a part named by its field", async () => {
    const { provider, calls } = harness(() => ({ status: 201, body: { id: 9 } }));
    const scan = new File(["%PDF-1.4"], "letter.pdf", { type: "application/pdf" });
    await provider.create({ resource: "demand-letters", variables: { referenceNo: "DL-1", workersRequested: 5, attested: false, issueDate: null, letter: scan } });
    const body = calls[0].data as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get("referenceNo")).toBe("DL-1");
    expect(body.get("workersRequested")).toBe("5");
    expect(body.get("attested")).toBe("false");
    expect(body.get("issueDate")).toBe("");
    expect((body.get("letter") as File).name).toBe("letter.pdf");
  });

  it("refuses a success that is no JSON (a page answering in the API's place) as PARSING_ERROR", async () => {
    const { provider } = harness(() => ({ body: "<!doctype html><p>app</p>" }));
    const error = (await provider.getOne({ resource: "employers", id: 1 }).catch((e) => e)) as ApiRequestError;
    expect(error.code).toBe("PARSING_ERROR");
  });
});
