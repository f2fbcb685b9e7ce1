import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { classifySearch, searchTargets } from "../../src/components/passport-search";
import { RESOURCES } from "../../src/resources";
import { envelope, locationPath, locationSearch, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";
import { fakePassport, pageOf } from "./support/passports";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

describe("classifySearch", () => {
  it.each([
    ["01712345678", { key: "telephone", value: "01712345678" }],
    [" +880 1712-345678 ", { key: "telephone", value: "01712345678" }],
    ["+8801712345678", { key: "telephone", value: "01712345678" }],
    ["8801712345678", { key: "telephone", value: "01712345678" }],
    ["EB123", { key: "passportNo", value: "EB123" }],
    ["1234", { key: "passportNo", value: "1234" }],
    ["Rahim Uddin", { key: "fullName", value: "Rahim Uddin" }],
    ["   ", undefined],
  ])("%j → %j", (text, expected) => {
    expect(classifySearch(text)).toEqual(expected);
  });
});

describe("searchTargets", () => {
  it("uses Application History for the super admin, the status lists otherwise (never Agent Data Entry)", () => {
    expect(searchTargets(RESOURCES, "SUPER_ADMIN").everyStatus?.identifier).toBe("passport-history");
    expect(searchTargets(RESOURCES, "ADMIN").everyStatus).toBeUndefined();
    expect(searchTargets(RESOURCES, "ADMIN").byStatus.map((r) => r.identifier)).toEqual([
      "admin-pending-passports",
      "admin-reviewed-passports",
      "admin-work-permit",
    ]);
    expect(searchTargets(RESOURCES, "AGENT").byStatus.map((r) => r.identifier)).toEqual([
      "agent-pending-passports",
      "agent-in-progress-passports",
      "agent-approved-passports",
      "agent-rejected-passports",
    ]);
  });
});

const search = async (text: string) => {
  const box = await screen.findByRole("searchbox", { name: "Search" });
  await userEvent.type(box, `${text}{Enter}`);
};
const url = (config: InternalAxiosRequestConfig) => config.url ?? "";

describe("top-bar search (issue 5)", { timeout: 30_000 }, () => {
  it("super admin: opens Application History filtered by passport number", async () => {
    const calls = stubApi(() => ({ body: envelope(pageOf(1, 1, 1)) }));
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin");
    await search("EB123");
    await waitFor(() => expect(locationPath()).toBe("/dashboard/super-admin/passport-history"));
    expect(locationSearch().get("passportNo")).toBe("EB123");
    await waitFor(() => expect(calls.map(url).some((u) => u.startsWith("/api/passport/filter-history?passportNo=EB123"))).toBe(true));
  });

  it("super admin: a phone with the country code is searched as 01…", async () => {
    const calls = stubApi(() => ({ body: envelope(pageOf(1, 1, 1)) }));
    signInAs(1, "superadmin", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin");
    await search("+8801712345678");
    await waitFor(() => expect(locationPath()).toBe("/dashboard/super-admin/passport-history"));
    expect(locationSearch().get("telephone")).toBe("01712345678");
    expect(calls.map(url)).toContain("/api/passport/filter-history?telephone=01712345678&page=0&size=1");
  });

  it("admin: 8801712345678 is looked up as 01712345678", async () => {
    const calls = stubApi(() => ({ body: envelope(pageOf(5, 1, 1, { isSuperAdminApproved: "PENDING" })) }));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/reviewed");
    await search("8801712345678");
    await waitFor(() => expect(locationPath()).toBe("/dashboard/admin/pending"));
    expect(locationSearch().get("telephone")).toBe("01712345678");
    expect(calls.map(url)).toContain("/api/passport/filter?telephone=01712345678&page=0&size=1");
  });

  it.each([
    ["super admin", 1, "SUPER_ADMIN", "/dashboard/super-admin/final-approval"],
    ["admin", 2, "ADMIN", "/dashboard/admin/reviewed"],
    ["agent", 3, "AGENT", "/dashboard/agent/approved"],
  ] as const)("%s: nothing matching says so and stays on the screen", async (_, userId, role, path) => {
    stubApi(() => ({ body: envelope(pageOf(1, 0, 0)) }));
    signInAs(userId, role.toLowerCase(), [role]);
    renderApp(path);
    await search("EB999");
    expect(await screen.findByText('No passport found for "EB999".')).toBeTruthy();
    expect(locationPath()).toBe(path);
    expect(locationSearch().get("passportNo")).toBeNull();
  });

  it("admin: looks the passport up and opens the list of its status", async () => {
    const calls = stubApi((config) =>
      url(config).startsWith("/api/passport/filter?telephone=")
        ? { body: envelope(pageOf(5, 1, 1, { isSuperAdminApproved: "REVIEWED" })) }
        : { body: envelope(pageOf(1, 0, 0)) },
    );
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/pending");
    await search("01712345678");
    await waitFor(() => expect(locationPath()).toBe("/dashboard/admin/reviewed"));
    expect(locationSearch().get("telephone")).toBe("01712345678");
    // The look-up asks for every status: no isSuperAdminApproved.
    expect(calls.map(url)).toContain("/api/passport/filter?telephone=01712345678&page=0&size=1");
  });

  it("agent: looks up only its own passports and opens its list of that status", async () => {
    const calls = stubApi((config) =>
      url(config).includes("page=0&size=1")
        ? { body: envelope({ content: [fakePassport(9, { isSuperAdminApproved: "APPROVED" })], totalElements: 1 }) }
        : { body: envelope(pageOf(1, 0, 0)) },
    );
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent");
    await search("Worker");
    await waitFor(() => expect(locationPath()).toBe("/dashboard/agent/approved"));
    expect(locationSearch().get("fullName")).toBe("Worker");
    const apiCalls = calls.map(url);
    expect(apiCalls).toContain("/api/passport/filter-agent-specific-passports/3?fullName=Worker&page=0&size=1");
    // Besides the counts and the match's file (both answered within the agent's own passports), lists only of its own.
    const lists = apiCalls.filter((u) => !/^\/api\/passport\/(overview|9(\/|$))/.test(u));
    expect(lists.every((u) => u.startsWith("/api/passport/filter-agent-specific-passports/3"))).toBe(true);
  });

  it("admin: a match whose status has no list of the admin opens Pending filtered and says why", async () => {
    stubApi((config) =>
      url(config).includes("page=0&size=1")
        ? { body: envelope({ content: [fakePassport(9, { isSuperAdminApproved: "COMPLETED" })], totalElements: 1 }) }
        : { body: envelope(pageOf(1, 0, 0)) },
    );
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/reviewed");
    await search("BX000009");
    expect(await screen.findByText("The matching passport is COMPLETED; it is not in your lists.")).toBeTruthy();
    await waitFor(() => expect(locationPath()).toBe("/dashboard/admin/pending"));
    expect(locationSearch().get("passportNo")).toBe("BX000009");
  });

  it("agent: a REVIEWED match opens In Progress filtered, with the passport's file", async () => {
    stubApi((config) =>
      url(config).includes("page=0&size=1")
        ? { body: envelope({ content: [fakePassport(9, { isSuperAdminApproved: "REVIEWED" })], totalElements: 1 }) }
        : { body: envelope(pageOf(1, 0, 0)) },
    );
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/rejected");
    await search("BX000009");
    await waitFor(() => expect(locationPath()).toBe("/dashboard/agent/in-progress"));
    expect(Object.fromEntries(locationSearch())).toEqual({ passportNo: "BX000009", passport: "9" });
    expect(screen.queryByText(/it is not in your lists/)).toBeNull();
  });
});
