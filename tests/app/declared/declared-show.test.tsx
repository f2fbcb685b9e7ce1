import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { declaredReplies, urlOf } from "../support/declared";
import { renderApp, resetSession, signInAs, stubApi } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

const HISTORY = [
  {
    id: 31,
    at: "2026-03-02T09:15:00.000Z",
    user: { id: 2, username: "admin" },
    action: "updated",
    changes: [
      { field: "expiryDate", label: "Expiry Date", from: "2026-11-20", to: "2026-12-20" },
      { field: "employerId", label: "Employer", from: 1, to: 2 },
      { field: "attested", label: "Attested", from: false, to: true },
    ],
  },
  { id: 30, at: "2026-01-10T08:00:00.000Z", user: null, action: "created", changes: [{ field: "referenceNo", label: "Reference No", from: null, to: "DL-2026-007" }] },
];

describe("a declared record's page (issue 26)", () => {
  it("shows its fields formatted, the reference linked, and the timeline of its history in words", async () => {
    const calls = stubApi(declaredReplies((config) => (urlOf(config).path === "/api/demand-letters/7/history" ? { body: HISTORY } : undefined)));
    signInAs(2, "admin", ["ADMIN"]);
    renderApp("/dashboard/admin/demand-letters/7");
    expect(await screen.findByRole("heading", { name: "DL-2026-007" })).toBeTruthy();
    expect((await screen.findAllByRole("link", { name: "Doha Works" }))[0].getAttribute("href")).toBe("/dashboard/admin/employers/2");
    expect(screen.getByText("৳45,00,000")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download Letter: dl-007.pdf" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit DL-2026-007" })).toBeTruthy();

    const timeline = await screen.findByRole("list", { name: "Timeline" });
    const items = within(timeline).getAllByRole("listitem").filter((item) => item.classList.contains("ant-timeline-item"));
    expect(items[0].textContent).toContain("A deleted user created it");
    expect(items[0].textContent).toContain("Reference No: DL-2026-007");
    expect(items[1].textContent).toContain("admin changed it");
    expect(items[1].textContent).toContain("Expiry Date: 20/11/2026 → 20/12/2026");
    expect(await within(items[1]).findByText("Employer: Gulf Builders → Doha Works")).toBeTruthy();
    expect(items[1].textContent).toContain("Attested: No → Yes");
    expect(calls.some((c) => urlOf(c).path === "/api/demand-letters/7/history")).toBe(true);
  });

  it("is read-only for a super admin", async () => {
    stubApi(declaredReplies());
    signInAs(3, "super", ["SUPER_ADMIN"]);
    renderApp("/dashboard/super-admin/demand-letters/7");
    expect(await screen.findByRole("heading", { name: "DL-2026-007" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
  });
});
