/**
 * The API reference: GET /api/openapi.json is a valid OpenAPI 3.1 document naming every registered
 * API route with its method, each with its replies and the security its access declares; /api/docs
 * serves the page that browses it, under the app's Content-Security-Policy.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENTS_PATH, PATHS, isApiPath } from "../../src/contract";
import { createTestApp, type TestApp } from "./harness";

/** The document and the page that browses it are not API routes to document. */
const isReferenceRoute = (url: string) => url === "/api/openapi.json" || url === "/api/docs" || url.startsWith("/api/docs/");

interface Operation {
  security?: { bearer?: string[] }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

let t: TestApp;
let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  t = await createTestApp("sqlite");
  const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => t.close());

const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const apiRoutes = () =>
  t.app.routeTable.filter((route) => (isApiPath(route.url) || route.url === PATHS.refresh) && !isReferenceRoute(route.url));

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("names every registered API route with its method", () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes.filter((r) => !document.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it("gives every route its JSON replies (a file download its bytes), the error envelope as 4XX and 5XX, and the security its access declares", () => {
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const name = `${route.method} ${route.url}`;
      const operation = document.paths[openApiPath(route.url)][route.method.toLowerCase()];
      const success = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
      const content = success.length === 1 ? operation.responses[success[0]].content : undefined;
      // A declared resource's file download answers the file's bytes, not JSON.
      const isDownload =
        (/\/files\/\w+$/.test(route.url) && Object.keys(content ?? {}).every((type) => ["application/pdf", "image/png", "image/jpeg"].includes(type))) ||
        // The import's template is a spreadsheet.
        ((route.url === PATHS.passportImportTemplate || route.url.endsWith("/import-template")) && Object.keys(content ?? {}).every((type) => ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"].includes(type))) ||
        // The live event stream is server-sent events.
        (route.url === EVENTS_PATH && JSON.stringify(Object.keys(content ?? {})) === '["text/event-stream"]');
      if (!content?.["application/json"]?.schema && !(isDownload && Object.keys(content ?? {}).length > 0)) problems.push(`${name}: no JSON success reply`);
      for (const status of ["4XX", "5XX"]) {
        if (JSON.stringify(operation.responses[status]?.content) !== JSON.stringify({ "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } })) {
          problems.push(`${name}: ${status} is not the error envelope`);
        }
      }
      const expected = route.access === "public" ? [] : [{ bearer: [] }];
      if (JSON.stringify(operation.security) !== JSON.stringify(expected)) problems.push(`${name}: security ${JSON.stringify(operation.security)}`);
    }
    expect(problems).toEqual([]);
  });

  it("documents the uploads as multipart/form-data: the data part and the files", () => {
    const properties = (path: string, method: string) =>
      Object.keys(document.paths[openApiPath(path)][method].requestBody?.content["multipart/form-data"]?.schema.properties ?? {});
    const documents = ["educational", "recentPic", "policeClearence", "passport", "nid", "utilityBill", "bankStatement", "experienceLetter"];
    expect(properties(PATHS.addPassport, "post")).toEqual(["data", ...documents]);
    expect(properties(PATHS.updatePassport, "put")).toEqual(["data", ...documents]);
    expect(properties(PATHS.signup, "post")).toEqual(["data", "passport", "nid"]);
    expect(properties(PATHS.updateUser, "put")).toEqual(["data", "passport", "nid"]);
    expect(properties(PATHS.passportImport, "post")).toEqual(["file"]);
  });
});

describe("GET /api/docs", () => {
  it("serves the API reference page, with the app's Content-Security-Policy and no inline exception", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain('<div id="swagger-ui">');
    const policy = String(res.headers["content-security-policy"]);
    expect(policy).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(policy).toMatch(/style-src 'self' 'nonce-[0-9a-f]{32}'/);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    // Its scripts are files, none inline.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.body).not.toMatch(/<style|style="/);
  });

  it("loads the same document, and its scripts, without a token", async () => {
    const json = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(json.json()).toEqual(document);
    const script = await t.app.inject({ method: "GET", url: "/api/docs/static/swagger-ui-bundle.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["content-type"]).toMatch(/javascript/);
  });
});
