import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { InternalAxiosRequestConfig } from "axios";
import { MemoryRouter, useLocation, useNavigationType } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppShell } from "../../../src/App";
import { queryClient } from "../../../src/providers";
import type { Passport } from "../../../src/contract";
import { fakePassport, READY_TO_COMPLETE } from "../support/passports";
import { envelope, resetSession, signInAs, stubApi } from "../support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
  signInAs(2, "admin", ["ADMIN"]);
});
afterEach(resetSession);

/** The location and how the router got there ("REPLACE" for a replaced entry, "PUSH" for a new one). */
const at = { search: "", navigation: "" };
function Probe() {
  at.search = useLocation().search;
  at.navigation = useNavigationType();
  return null;
}

function renderAt(path: string) {
  queryClient.clear();
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell />
      <Probe />
    </MemoryRouter>,
  );
}

/**
 * `total` passports paged as asked; a reviewed, rejected or completed one leaves the list, as on the
 * server. Records the zero-based page of every list request.
 */
function stubList(total: number, status: "PENDING" | "REVIEWED", overrides: Partial<Passport> = {}) {
  const gone = new Set<number>();
  const pages: number[] = [];
  const calls = stubApi((config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url!, "http://x");
    if (config.method === "put") {
      gone.add(Number(url.pathname.split("/")[3]));
      return { body: envelope(null, "Done") };
    }
    if (url.pathname === "/auth/get-all-agents") return { body: envelope([{ id: 3, username: "agent" }]) };
    // The menu's counts: none here.
    if (url.pathname === "/api/passport/overview") return { body: envelope(null) };
    const page = Number(url.searchParams.get("page"));
    const size = Number(url.searchParams.get("size"));
    pages.push(page);
    const ids = Array.from({ length: total }, (_, i) => i + 1).filter((id) => !gone.has(id));
    const shown = ids.slice(page * size, page * size + size);
    const content = shown.map((id) => fakePassport(id, { ...overrides, isSuperAdminApproved: status }));
    return { body: envelope({ content, totalElements: ids.length }) };
  });
  return { calls, pages };
}

const firstCells = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[0].textContent);

async function confirm(button: string, name: string) {
  const user = userEvent.setup();
  await user.click(within(screen.getByText(name).closest("tr")!).getByRole("button", { name: `${button} ${name}` }));
  await user.click(await screen.findByRole("button", { name: "Yes" }));
}

/** Rows 11–20 of 20 on page 2, the URL replaced to page 2. */
async function expectSecondPageOfTwenty() {
  expect(await screen.findByText("Worker 20")).toBeTruthy();
  expect(screen.getByText("Worker 11")).toBeTruthy();
  expect(firstCells()).toEqual(["11", "12", "13", "14", "15", "16", "17", "18", "19", "20"]);
  expect(screen.getByText("Showing 11–20 of 20 items")).toBeTruthy();
  expect(screen.queryByText("No data")).toBeNull();
  expect(new URLSearchParams(at.search).get("page")).toBe("2");
  expect(at.navigation).toBe("REPLACE");
}

describe("passport table: the page shown is past the last one (spec §2)", () => {
  it("Pending: reviewing the only row of the last page moves to the page before, with one extra request", async () => {
    const { pages } = stubList(21, "PENDING");
    renderAt("/dashboard/admin/pending?page=3");
    expect(await screen.findByText("Worker 21")).toBeTruthy();
    const before = pages.length;

    await confirm("Review", "Worker 21");
    expect(await screen.findByText("Passport reviewed successfully")).toBeTruthy();
    await expectSecondPageOfTwenty();
    // The refetch of page 3 after the review, then page 2.
    expect(pages.slice(before)).toEqual([2, 1]);
  });

  it("Pending: rejecting it does the same", async () => {
    stubList(21, "PENDING");
    renderAt("/dashboard/admin/pending?page=3");
    expect(await screen.findByText("Worker 21")).toBeTruthy();
    await confirm("Reject", "Worker 21");
    expect(await screen.findByText("Passport Rejected successfully")).toBeTruthy();
    await expectSecondPageOfTwenty();
  });

  it("Work Permit: marking the only row of the last page as done moves to the page before", async () => {
    const { pages } = stubList(21, "REVIEWED", READY_TO_COMPLETE);
    renderAt("/dashboard/admin/work-permit?page=3&fullName=Worker");
    expect(await screen.findByText("Worker 21")).toBeTruthy();
    const before = pages.length;

    await confirm("Mark as Done", "Worker 21");
    expect(await screen.findByText("Passport marked as complete!")).toBeTruthy();
    await expectSecondPageOfTwenty();
    expect(new URLSearchParams(at.search).get("fullName")).toBe("Worker");
    expect(pages.slice(before)).toEqual([2, 1]);
  });

  it("a shared link to ?page=99 shows the last page, with one extra request", async () => {
    const { pages } = stubList(57, "REVIEWED");
    renderAt("/dashboard/admin/reviewed?page=99&fullName=Worker");
    expect(await screen.findByText("Worker 57")).toBeTruthy();
    expect(firstCells()).toEqual(["51", "52", "53", "54", "55", "56", "57"]);
    expect(screen.getByText("Showing 51–57 of 57 items")).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(at.search))).toEqual({ page: "6", fullName: "Worker" });
    expect(at.navigation).toBe("REPLACE");
    expect(pages).toEqual([98, 5]);
  });

  it("with nothing to list, a later page goes back to page 1", async () => {
    const { pages } = stubList(0, "REVIEWED");
    renderAt("/dashboard/admin/reviewed?page=3");
    await waitFor(() => expect(pages).toEqual([2, 0]));
    await waitFor(() => expect(new URLSearchParams(at.search).get("page")).toBeNull());
    expect(at.navigation).toBe("REPLACE");
    expect((await screen.findAllByText("No data")).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pages).toEqual([2, 0]);
  });
});
