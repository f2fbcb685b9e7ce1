import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { envelope, renderApp, resetSession, signInAs, stubApi } from "../support/render-app";
import { listCalls } from "../support/passport-lists";
import { fakePassport } from "../support/passports";

beforeEach(() => {
  window.innerWidth = 1280;
  signInAs(1, "superadmin", ["SUPER_ADMIN"]);
});
afterEach(resetSession);

/** Answers every passport list with one row of `status`. */
const listOf = (status: string) =>
  stubApi(() => ({ body: envelope({ content: [fakePassport(1, { isSuperAdminApproved: status })], totalElements: 1 }) }));

describe("super admin Approved and Rejected lists (spec §2, §7)", { timeout: 30_000 }, () => {
  it.each([
    ["approved", "Approved Passports", "APPROVED", "APPROVED_BY_ADMIN", "APPROVED-BY-ADMIN"],
    ["rejected", "Rejected Passports", "REJECTED", "REJECTED", "REJECTED"],
  ])("/%s (%s) asks the filter endpoint for %s and shows %s as %s", async (path, heading, status, stored, shown) => {
    const calls = listOf(stored);
    renderApp(`/dashboard/super-admin/${path}`);
    expect(await screen.findByRole("heading", { name: heading, level: 1 })).toBeTruthy();
    const row = (await screen.findByText("Worker 1")).closest("tr")!;
    expect(within(row).getByText(shown).classList.contains("ant-tag")).toBe(true);
    const [request] = listCalls(calls);
    expect(request.pathname).toBe("/api/passport/filter");
    expect(Object.fromEntries(request.searchParams)).toEqual({ isSuperAdminApproved: status, page: "0", size: "10" });
  });
});
