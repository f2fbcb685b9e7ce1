import { screen, waitFor, within } from "@testing-library/react";
import dayjs from "dayjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMAND_LETTERS, declaredReplies, urlOf } from "../support/declared";
import { envelope, renderApp, resetSession, signInAs, stubApi } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

const inDays = (n: number) => dayjs().add(n, "day").format("YYYY-MM-DD");

describe("the Overview's records expiring soon, from the declarations (issue 26)", () => {
  it("lists the admin's demand letters expiring within 30 days, soonest first, each opening its page", async () => {
    const soon = { ...DEMAND_LETTERS[0], id: 8, referenceNo: "DL-SOON", expiryDate: inDays(3) };
    const calls = stubApi(
      declaredReplies((config) => {
        const { path, query } = urlOf(config);
        if (path === "/api/passport/overview") return { status: 500, body: { success: false, replyMessage: null, message: null, errorMessage: "x" } };
        if (path === "/api/demand-letters" && query.has("expiryDate_lte")) return { body: [soon], headers: { "x-total-count": "1" } };
        if (path.startsWith("/auth/")) return { body: envelope([]) };
        return undefined;
      }),
    );
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/overview");
    const list = await screen.findByRole("region", { name: "Demand Letters expiring within 30 days" });
    const link = await within(list).findByRole("link", { name: "DL-SOON" });
    expect(link.getAttribute("href")).toBe("/dashboard/admin/demand-letters/8");
    expect(within(list).getByText("3 days left")).toBeTruthy();
    await waitFor(() => expect(within(list).getByText("Doha Works")).toBeTruthy());
    const query = calls.map(urlOf).find((u) => u.path === "/api/demand-letters" && u.query.has("expiryDate_lte"))!.query;
    expect([query.get("expiryDate_gte"), query.get("expiryDate_lte"), query.get("_sort"), query.get("_order")]).toEqual([inDays(0), inDays(30), "expiryDate", "asc"]);
    expect(screen.getByRole("link", { name: "Demand Letters expiring within 30 days: 1, open the list" }).getAttribute("href")).toBe(
      `/dashboard/admin/demand-letters?expiryDate_gte=${inDays(0)}&expiryDate_lte=${inDays(30)}`,
    );
  });
});
