import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from "axios";
import { describe, expect, it } from "vitest";
import type { Envelope, Page } from "../../src/contract";
import { createDataProvider } from "../../src/providers/data-provider";
import { ApiRequestError } from "../../src/providers/http-errors";
import { RESOURCES } from "../../src/resources";
import { findResource, toRefineResources } from "../../src/resources/derive";

const page = <T>(content: T[], totalElements: number): Envelope<Page<T>> => ({
  success: true,
  replyMessage: { content, totalElements, totalPages: 1, page: 0, size: 10 },
  message: null,
  errorMessage: null,
});

/** Records every request and answers with `reply`. */
function harness(reply: (config: InternalAxiosRequestConfig) => unknown = () => page([{ id: 1 }], 41)) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    return { data: reply(config), status: 200, statusText: "OK", headers: {}, config };
  };
  const http = axios.create({ adapter });
  const provider = createDataProvider({ http, apiUrl: "", currentUserId: () => 42 });
  return { provider, requests };
}

/** The meta Refine hands the data provider for a declared resource. */
const metaOf = (identifier: string) => toRefineResources(RESOURCES).find((r) => r.identifier === identifier)!.meta!;

async function listUrl(identifier: string, extra: Partial<Parameters<ReturnType<typeof createDataProvider>["getList"]>[0]> = {}) {
  const { provider, requests } = harness();
  await provider.getList({ resource: "passports", meta: metaOf(identifier), pagination: { currentPage: 1, pageSize: 10 }, ...extra });
  return requests[0].url;
}

describe("data provider getList", () => {
  it("maps currentPage/pageSize to zero-based page/size and the reply to {data, total}", async () => {
    const { provider, requests } = harness(() => page([{ id: 5 }, { id: 6 }], 26));
    const result = await provider.getList({
      resource: "passports",
      meta: metaOf("admin-pending-passports"),
      pagination: { currentPage: 3, pageSize: 20 },
    });
    expect(requests[0].url).toBe("/api/passport/filter?isSuperAdminApproved=PENDING&page=2&size=20");
    expect(result).toEqual({ data: [{ id: 5 }, { id: 6 }], total: 26 });
  });

  it("turns filters into trimmed, URL-encoded query parameters and drops blanks", async () => {
    const url = await listUrl("super-admin-approved-passports", {
      filters: [
        { field: "fullName", operator: "contains", value: "  Abdul Karim " },
        { field: "passportNo", operator: "eq", value: "   " },
        { field: "telephone", operator: "eq", value: "" },
        { field: "agentName", operator: "eq", value: "a&b=c" },
        { field: "slot", operator: "eq", value: undefined },
      ],
    });
    expect(url).toBe("/api/passport/filter?fullName=Abdul%20Karim&agentName=a%26b%3Dc&isSuperAdminApproved=APPROVED&page=0&size=10");
  });

  it("keeps the list's own status even if a filter tries to change it", async () => {
    const url = await listUrl("admin-pending-passports", { filters: [{ field: "isSuperAdminApproved", operator: "eq", value: "APPROVED" }] });
    expect(url).toBe("/api/passport/filter?isSuperAdminApproved=PENDING&page=0&size=10");
  });

  it.each([
    ["agent-pending-passports", "/api/passport/filter-agent-specific-passports/42?isSuperAdminApproved=PENDING&page=0&size=10"],
    ["agent-approved-passports", "/api/passport/filter-agent-specific-passports/42?isSuperAdminApproved=APPROVED&page=0&size=10"],
    ["agent-rejected-passports", "/api/passport/filter-agent-specific-passports/42?isSuperAdminApproved=REJECTED&page=0&size=10"],
    ["admin-agent-data-entry", "/api/passport/get-agent-passports/42?page=0&size=10"],
    ["admin-pending-passports", "/api/passport/filter?isSuperAdminApproved=PENDING&page=0&size=10"],
    ["admin-reviewed-passports", "/api/passport/filter?isSuperAdminApproved=REVIEWED&page=0&size=10"],
    ["admin-work-permit", "/api/passport/filter?isSuperAdminApproved=REVIEWED&page=0&size=10"],
    ["super-admin-pending-passports", "/api/passport/filter?isSuperAdminApproved=REVIEWED&page=0&size=10"],
    ["super-admin-approved-passports", "/api/passport/filter?isSuperAdminApproved=APPROVED&page=0&size=10"],
    ["super-admin-rejected-passports", "/api/passport/filter?isSuperAdminApproved=REJECTED&page=0&size=10"],
    ["super-admin-final-approval", "/api/passport/filter?isSuperAdminApproved=COMPLETED&page=0&size=10"],
    ["passport-history", "/api/passport/filter-history?page=0&size=10"],
    ["users", "/auth/get-all-users?page=0&size=10"],
  ])("%s lists from %s", async (identifier, expected) => {
    expect(await listUrl(identifier)).toBe(expected);
  });

  it("uses the agent-specific endpoint when an agent is chosen in the dropdown", async () => {
    const url = await listUrl("admin-pending-passports", {
      filters: [
        { field: "agentId", operator: "eq", value: "9" },
        { field: "visaType", operator: "eq", value: "WORKVISA" },
      ],
    });
    expect(url).toBe("/api/passport/filter-agent-specific-passports/9?visaType=WORKVISA&isSuperAdminApproved=PENDING&page=0&size=10");
  });

  it("the history list passes a status filter through", async () => {
    const url = await listUrl("passport-history", { filters: [{ field: "isSuperAdminApproved", operator: "eq", value: "REJECTED" }] });
    expect(url).toBe("/api/passport/filter-history?isSuperAdminApproved=REJECTED&page=0&size=10");
  });

  it("accepts an unpaged array reply (slots)", async () => {
    const slots = [{ id: 1, slotName: "A-1" }, { id: 2, slotName: "A-2" }];
    const { provider, requests } = harness(() => ({ success: true, replyMessage: slots, message: null, errorMessage: null }));
    const result = await provider.getList({ resource: "slots", meta: metaOf("slots"), pagination: { mode: "off" } });
    expect(requests[0].url).toBe("/slot/get-all-slots");
    expect(result).toEqual({ data: slots, total: 2 });
  });

  it("every declared resource with a list page declares a list endpoint (the Overview reads its own, the REST resources are the rest provider's)", () => {
    const lists = RESOURCES.filter((resource) => resource.pages.list && resource.name !== "overview" && !resource.dataProviderName);
    expect(lists.length).toBeGreaterThan(10);
    for (const resource of lists) expect(resource.api.list, resource.identifier).toBeDefined();
  });
});

describe("data provider writes", () => {
  const ok = { success: true, replyMessage: { id: 3 }, message: "done", errorMessage: null };

  it("getOne, update and deleteOne of a user use the user endpoints", async () => {
    const { provider, requests } = harness(() => ok);
    const meta = metaOf("users");
    await provider.getOne({ resource: "users", id: 3, meta });
    await provider.update({ resource: "users", id: 3, variables: { username: "x", passport: [] }, meta });
    await provider.deleteOne({ resource: "users", id: 3, meta });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "get /auth/get-user/3",
      "put /auth/update-user/3",
      "delete /auth/delete-user/3",
    ]);
  });

  it("slot writes send JSON to the slot endpoints", async () => {
    const { provider, requests } = harness(() => ok);
    const meta = metaOf("slots");
    await provider.create({ resource: "slots", variables: { slotName: "B-7" }, meta });
    await provider.update({ resource: "slots", id: 4, variables: { slotName: "B-8" }, meta });
    await provider.deleteOne({ resource: "slots", id: 4, meta });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "post /slot/add-slot",
      "put /slot/update-slot-by-id/4",
      "delete /slot/delete-slot-by-id/4",
    ]);
    expect(JSON.parse(requests[0].data as string)).toEqual({ slotName: "B-7" });
  });

  it("passport create sends multipart: JSON part data plus one part per document", async () => {
    const { provider, requests } = harness(() => ok);
    const photo = new File(["png-bytes"], "me.png", { type: "image/png" });
    await provider.create({
      resource: "passports",
      meta: metaOf("admin-agent-data-entry"),
      variables: { fullName: "Abdul Karim", recentPic: [{ originFileObj: photo }], nid: undefined },
    });
    const body = requests[0].data as FormData;
    expect(requests[0].url).toBe("/api/passport/add");
    expect(body).toBeInstanceOf(FormData);
    const data = body.get("data") as Blob;
    expect(data.type).toBe("application/json");
    expect(JSON.parse(await data.text())).toEqual({ fullName: "Abdul Karim" });
    expect((body.get("recentPic") as File).name).toBe("me.png");
    expect(body.has("nid")).toBe(false);
  });

  /** The JSON part and the file parts of a multipart body. */
  async function partsOf(body: unknown) {
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    const data = form.get("data") as Blob;
    expect(data.type).toBe("application/json");
    const files = Object.fromEntries([...form.entries()].filter(([key]) => key !== "data").map(([key, file]) => [key, (file as File).name]));
    return { data: JSON.parse(await data.text()), files };
  }

  it("user create (signup) and update send multipart: JSON part data plus the passport and nid files", async () => {
    const { provider, requests } = harness(() => ok);
    const meta = metaOf("users");
    const passport = new File(["pdf-bytes"], "passport.pdf", { type: "application/pdf" });
    const nid = new File(["jpg-bytes"], "nid.jpg", { type: "image/jpeg" });
    await provider.create({
      resource: "users",
      meta,
      variables: { username: "rahim", email: "rahim@example.com", password: "secret1", passport: [{ originFileObj: passport }], nid: [nid] },
    });
    await provider.update({ resource: "users", id: 12, meta, variables: { username: "rahim2", passport: [], nid: [{ originFileObj: nid }] } });

    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(["post /auth/signup", "put /auth/update-user/12"]);
    expect(await partsOf(requests[0].data)).toEqual({
      data: { username: "rahim", email: "rahim@example.com", password: "secret1" },
      files: { passport: "passport.pdf", nid: "nid.jpg" },
    });
    expect(await partsOf(requests[1].data)).toEqual({ data: { username: "rahim2" }, files: { nid: "nid.jpg" } });
  });

  it("slot getOne finds the slot in the list of all slots", async () => {
    const slots = [{ id: 1, slotName: "A-1" }, { id: 2, slotName: "A-2" }];
    const { provider, requests } = harness(() => ({ success: true, replyMessage: slots, message: null, errorMessage: null }));
    const meta = metaOf("slots");
    expect(await provider.getOne({ resource: "slots", id: "2", meta })).toEqual({ data: { id: 2, slotName: "A-2" } });
    expect(requests[0].url).toBe("/slot/get-all-slots");
    await expect(provider.getOne({ resource: "slots", id: 9, meta })).rejects.toMatchObject({ statusCode: 404 });
  });

  it.each([
    ["create", (p: ReturnType<typeof createDataProvider>) => p.create({ resource: "slots", variables: { slotName: "B-7" }, meta: metaOf("slots") })],
    ["update", (p: ReturnType<typeof createDataProvider>) => p.update({ resource: "slots", id: 4, variables: { slotName: "B-7" }, meta: metaOf("slots") })],
    ["deleteOne", (p: ReturnType<typeof createDataProvider>) => p.deleteOne({ resource: "slots", id: 4, meta: metaOf("slots") })],
  ])("%s rejects when a 200 reply says success: false, with the reply's errorMessage", async (_name, write) => {
    const { provider } = harness(() => ({ success: false, replyMessage: null, message: null, errorMessage: "Slot name already exists" }));
    const failure = write(provider);
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toMatchObject({ code: "HTTP_ERROR", statusCode: 200, message: "Slot name already exists" });
  });

  it("custom calls pass the whole envelope back", async () => {
    const { provider, requests } = harness(() => ({ success: true, replyMessage: null, message: "Passport reviewed successfully", errorMessage: null }));
    const result = await provider.custom!({ url: "/api/passport/5/review", method: "put" });
    expect(requests[0].url).toBe("/api/passport/5/review");
    expect(result.data).toMatchObject({ success: true, message: "Passport reviewed successfully" });
  });

  it("findResource finds declared identifiers", () => {
    expect(findResource(RESOURCES, "slots")?.role).toBe("ADMIN");
  });
});
