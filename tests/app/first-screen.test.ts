/**
 * The first screen's parts that need no browser (issue 13): the early replies handed to the data
 * provider and the list requests remembered per user for the next start-up. What it draws is the
 * passport table's view model (passport-table-view-model.test.ts).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetEarlyReplies, requestEarly, takeEarlyReply } from "../../src/first-screen/early-replies";
import { forgetListRequests, rememberedListRequest, rememberListRequest } from "../../src/first-screen/remembered-requests";

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe("early replies", () => {
  const page = { success: true, replyMessage: { content: [], totalElements: 0 }, message: null, errorMessage: null };

  it("are asked for once, handed over once, and not after a failure or a sign-out", async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => new Response(JSON.stringify(url.includes("fail") ? { ...page, success: false } : page), { status: 200 }));
    vi.stubGlobal("fetch", fetch);
    requestEarly("/api/list?page=0", "token-1");
    requestEarly("/api/list?page=0", "token-1");
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][1]).toMatchObject({ headers: { Authorization: "Bearer token-1" } });
    expect(await takeEarlyReply("/api/list?page=0")).toEqual(page);
    expect(await takeEarlyReply("/api/list?page=0")).toBeUndefined();

    requestEarly("/api/list?fail=1", "token-1");
    expect(await takeEarlyReply("/api/list?fail=1")).toBeUndefined();

    requestEarly("/api/list?page=1", "token-1");
    forgetEarlyReplies();
    expect(await takeEarlyReply("/api/list?page=1")).toBeUndefined();
  });
});

describe("remembered list requests", () => {
  it("answer the same user at the same location, and nobody else", () => {
    rememberListRequest(7, "/dashboard/admin/pending?page=2", "/api/passport/filter?isSuperAdminApproved=PENDING&page=1&size=10");
    expect(rememberedListRequest(7, "/dashboard/admin/pending?page=2")).toBe("/api/passport/filter?isSuperAdminApproved=PENDING&page=1&size=10");
    expect(rememberedListRequest(7, "/dashboard/admin/pending")).toBeUndefined();
    expect(rememberedListRequest(8, "/dashboard/admin/pending?page=2")).toBeUndefined();
  });

  it("keep one user's, the last twenty locations, and go at sign-out", () => {
    rememberListRequest(8, "/dashboard/agent/pending", "/other-user");
    for (let i = 0; i < 25; i++) rememberListRequest(7, `/dashboard/admin/pending?page=${i}`, `/list?page=${i}`);
    expect(rememberedListRequest(8, "/dashboard/agent/pending")).toBeUndefined();
    expect(rememberedListRequest(7, "/dashboard/admin/pending?page=4")).toBeUndefined();
    expect(rememberedListRequest(7, "/dashboard/admin/pending?page=5")).toBe("/list?page=5");
    expect(rememberedListRequest(7, "/dashboard/admin/pending?page=24")).toBe("/list?page=24");
    forgetListRequests();
    expect(rememberedListRequest(7, "/dashboard/admin/pending?page=24")).toBeUndefined();
  });

  it("ignore what they cannot read", () => {
    localStorage.setItem("first-screen-requests", "{not json");
    expect(rememberedListRequest(7, "/dashboard/admin/pending")).toBeUndefined();
  });
});
