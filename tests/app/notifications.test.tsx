import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AxiosError, type AxiosAdapter } from "axios";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { http, sessionStore } from "../../src/providers";
import { notifyError } from "../../src/providers/notifier";
import { envelope, failure, locationPath, renderApp, resetSession, signInAs, stubApi } from "./support/render-app";

beforeEach(() => {
  window.innerWidth = 1280;
});
afterEach(resetSession);

const region = () => screen.getByRole("region", { name: "Notifications" });
/** The toasts on screen (a closing one stays in the DOM for its exit animation, which jsdom never ends). */
const toasts = () => [...document.querySelectorAll(".ant-notification-notice-wrapper:not(.ant-notification-fade-leave)")];
const titles = () => toasts().map((toast) => toast.querySelector(".ant-notification-notice-message")?.textContent);
/** Refine's generic error toast, e.g. "Error (status code: 0)". */
const genericErrorToast = () => screen.queryByText(/status code/);

/** Gives Refine's own error handling (which runs after the failed query settles) time to add a toast. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

function failEveryCall(error: (config: Parameters<AxiosAdapter>[0]) => Error) {
  const calls: string[] = [];
  http.defaults.adapter = async (config) => {
    calls.push(`${config.method} ${config.url}`);
    throw error(config);
  };
  return calls;
}

describe("one failure, one readable notification (spec §8)", () => {
  it("a list that cannot reach the server shows one Network error toast, not Refine's status-code toast too", async () => {
    const calls = failEveryCall((config) => new AxiosError("Network Error", AxiosError.ERR_NETWORK, config));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");

    const toast = await within(region()).findByText("Network error");
    expect(calls.some((call) => call.startsWith("get /api/passport/"))).toBe(true);
    await settle();
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0].contains(toast)).toBe(true);
    expect(toasts()[0].textContent).toContain("Could not reach the server. Check your connection and try again. (FETCH_ERROR)");
    expect(genericErrorToast()).toBeNull();
  });

  it("a time-out is titled The server took too long to answer", async () => {
    failEveryCall((config) => new AxiosError("timeout of 30000ms exceeded", AxiosError.ETIMEDOUT, config));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    await within(region()).findByText("The server took too long to answer");
    await settle();
    expect(toasts()).toHaveLength(1);
    expect(genericErrorToast()).toBeNull();
  });

  it("an unreadable reply is titled The server's reply could not be read", async () => {
    stubApi(() => ({ body: "<html><body>Bad gateway</body></html>" }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    await within(region()).findByText("The server's reply could not be read");
    await settle();
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0].textContent).toContain("The server sent a reply that could not be read. (PARSING_ERROR)");
    expect(genericErrorToast()).toBeNull();
  });

  it("a call abandoned by the browser shows nothing", async () => {
    failEveryCall((config) => new AxiosError("Request aborted", AxiosError.ECONNABORTED, config));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    await screen.findByRole("heading", { name: "Pending Passports", level: 1 });
    await settle();
    expect(toasts()).toHaveLength(0);
  });

  it("a 403 signs the user out without an Error (status code: 403) toast", async () => {
    stubApi((config) => (config.url === "/auth/logout" ? { body: envelope(null) } : { status: 403, body: failure("Forbidden") }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    await screen.findByText("Welcome Back!");
    expect(locationPath()).toBe("/signin");
    expect(sessionStore.get().token).toBeNull();
    await settle();
    expect(genericErrorToast()).toBeNull();
    expect(toasts()).toHaveLength(0);
  });

  it("a failed token refresh signs the user out without an Error (status code: 401) toast", async () => {
    stubApi(() => ({ status: 401, body: failure("Invalid or expired token") }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    await screen.findByText("Welcome Back!");
    expect(sessionStore.get().token).toBeNull();
    await settle();
    expect(genericErrorToast()).toBeNull();
    expect(toasts()).toHaveLength(0);
  });

  it("a server error still gets Refine's toast with the server's message", async () => {
    stubApi(() => ({ status: 500, body: failure("Database unavailable") }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    expect(await within(region()).findByText("Database unavailable")).toBeTruthy();
    expect(within(region()).getByText("Error (status code: 500)")).toBeTruthy();
  });
});

describe("notification area (spec §9)", () => {
  async function showFourNotices() {
    stubApi(() => ({ body: envelope({ content: [], totalElements: 0 }) }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    await screen.findByRole("heading", { name: "Pending Passports", level: 1 });
    for (const n of [1, 2, 3, 4]) notifyError(`Notice ${n}`, undefined, `notice-${n}`);
    await within(region()).findByText("Notice 4");
  }

  it("shows at most three notices, the newest ones", async () => {
    await showFourNotices();
    await waitFor(() => expect(toasts()).toHaveLength(3));
    expect(titles()).toEqual(["Notice 2", "Notice 3", "Notice 4"]);
  });

  it("a notice stays 4000 ms, then leaves", async () => {
    stubApi(() => ({ body: envelope({ content: [], totalElements: 0 }) }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    await screen.findByRole("heading", { name: "Pending Passports", level: 1 });
    // Only the timers: React keeps scheduling its renders as usual.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      act(() => notifyError("Timed notice", undefined, "timed"));
      expect(titles()).toContain("Timed notice");
      await act(() => vi.advanceTimersByTimeAsync(3990));
      expect(titles()).toContain("Timed notice");
      await act(() => vi.advanceTimersByTimeAsync(20));
      expect(titles()).not.toContain("Timed notice");
    } finally {
      vi.useRealTimers();
    }
  });

  it("each notice has a close button labelled Close toast that closes it", async () => {
    await showFourNotices();
    const newest = toasts().at(-1) as HTMLElement;
    const close = within(newest).getByLabelText("Close toast");
    expect(within(region()).getAllByLabelText("Close toast")).toHaveLength(toasts().length);
    await userEvent.click(close);
    await waitFor(() => expect(titles()).toEqual(["Notice 2", "Notice 3"]));
  });

  it("Alt+T moves focus to the newest notice, or to the area when there is none", async () => {
    stubApi(() => ({ body: envelope({ content: [], totalElements: 0 }) }));
    signInAs(3, "agent", ["AGENT"]);
    renderApp("/dashboard/agent/pending");
    await screen.findByRole("heading", { name: "Pending Passports", level: 1 });
    await waitFor(() => expect(toasts()).toHaveLength(0));
    fireEvent.keyDown(window, { key: "t", code: "KeyT", altKey: true });
    expect(document.activeElement).toBe(region());

    notifyError("Older", undefined, "older");
    notifyError("Newest", undefined, "newest");
    await within(region()).findByText("Newest");
    fireEvent.keyDown(window, { key: "t", code: "KeyT" });
    expect(document.activeElement).toBe(region());
    fireEvent.keyDown(window, { key: "†", code: "KeyT", altKey: true });
    expect(document.activeElement?.textContent).toContain("Newest");
    expect(document.activeElement?.textContent).not.toContain("Older");
  });
});
