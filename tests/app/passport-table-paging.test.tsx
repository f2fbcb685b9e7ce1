import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { listCalls, sleep, stubPassportLists } from "./support/passport-lists";
import { locationSearch, renderApp, resetSession, signInAs } from "./support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(() => {
  resetSession();
  vi.restoreAllMocks();
});

const firstCell = () => within(screen.getAllByRole("row")[1]).getAllByRole("cell")[0].textContent;

function openReviewed(query = "") {
  const calls = stubPassportLists();
  signInAs(2, "admin", ["ADMIN"]);
  renderApp(`/dashboard/admin/reviewed${query}`);
  return calls;
}

describe("passport table: a filter change is one request (spec §5, §9)", () => {
  it("applies the page reset and the new filter together after the 500 ms pause", async () => {
    const calls = openReviewed("?page=3");
    expect(await screen.findByText("Worker 21")).toBeTruthy();
    const before = listCalls(calls).length;

    const user = userEvent.setup();
    await user.click(screen.getAllByLabelText("Filter Phone")[0]);
    await user.type(await screen.findByLabelText("Search Phone"), "0171");
    await user.click(screen.getByRole("button", { name: /Search/ }));
    expect(locationSearch().get("page")).toBeNull();

    // During the pause the page shown stays, and nothing is fetched.
    await sleep(300);
    expect(listCalls(calls)).toHaveLength(before);
    expect(firstCell()).toBe("21");

    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await sleep(700);
    const after = listCalls(calls).slice(before);
    expect(after.map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { isSuperAdminApproved: "REVIEWED", telephone: "0171", page: "0", size: "10" },
    ]);
    await waitFor(() => expect(firstCell()).toBe("1"));
  });

  it("stays one request when the 500 ms timers of a busy browser fire apart", async () => {
    // In jsdom timers started together fire together; a browser may run a render between them.
    const realSetTimeout = globalThis.setTimeout;
    let started = 0;
    vi.spyOn(globalThis, "setTimeout").mockImplementation(((callback: () => void, ms?: number) =>
      realSetTimeout(callback, ms === 500 ? ms + 50 * started++ : ms)) as typeof setTimeout);
    const calls = openReviewed("?page=3");
    expect(await screen.findByText("Worker 21")).toBeTruthy();
    const before = listCalls(calls).length;

    const user = userEvent.setup();
    await user.click(screen.getAllByLabelText("Filter Full Name")[0]);
    await user.type(await screen.findByLabelText("Search Full Name"), "Worker");
    await user.click(screen.getByRole("button", { name: /Search/ }));

    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await sleep(800);
    expect(listCalls(calls).slice(before).map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { isSuperAdminApproved: "REVIEWED", fullName: "Worker", page: "0", size: "10" },
    ]);
  });

  it("removing the last filter chip from a later page is also one request", async () => {
    const calls = openReviewed("?passportNo=BX&page=2");
    expect(await screen.findByText("Worker 11")).toBeTruthy();
    const before = listCalls(calls).length;

    await userEvent.click(screen.getByRole("button", { name: "Clear All Filter" }));
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
    await sleep(700);
    expect(listCalls(calls).slice(before).map((url) => Object.fromEntries(url.searchParams))).toEqual([
      { isSuperAdminApproved: "REVIEWED", page: "0", size: "10" },
    ]);
  });
});

describe("passport table: page size (spec §2, §9)", () => {
  for (const size of [20, 50, 100]) {
    it(`choosing ${size} / page writes size=${size} into the URL and asks the server for it`, async () => {
      const calls = openReviewed();
      expect(await screen.findByText("Worker 10")).toBeTruthy();
      const user = userEvent.setup();
      await user.click(screen.getByRole("combobox", { name: /Page Size/i }));
      await user.click(await screen.findByTitle(`${size} / page`));
      await waitFor(() => expect(locationSearch().get("size")).toBe(String(size)));
      await waitFor(() => expect(listCalls(calls).at(-1)!.searchParams.get("size")).toBe(String(size)));
      expect(await screen.findByText(`Showing 1–${Math.min(size, 57)} of 57 items`)).toBeTruthy();
      expect(screen.getByText(`Worker ${Math.min(size, 57)}`)).toBeTruthy();
    });
  }

  it("back to 10 / page leaves size out of the URL", async () => {
    openReviewed("?size=50");
    expect(await screen.findByText("Worker 50")).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: /Page Size/i }));
    await user.click(await screen.findByTitle("10 / page"));
    await waitFor(() => expect(locationSearch().get("size")).toBeNull());
    expect(await screen.findByText("Showing 1–10 of 57 items")).toBeTruthy();
  });
});
