import { render } from "@testing-library/react";
import type { AxiosAdapter, InternalAxiosRequestConfig } from "axios";
import { MemoryRouter, useLocation } from "react-router";
import { AppShell } from "../../../src/App";
import type { Role } from "../../../src/contract";
import { http, queryClient, sessionStore } from "../../../src/providers";

// The signed-in app is a chunk of its own, loaded when a route needs it (issue 13). Loaded here
// first, so a test's wait for its first screen is not spent transforming it.
await import("../../../src/SignedInApp");

/** An unsigned token with our claims; the app only decodes it. */
export function fakeToken(userId: number, sub: string, roles: Role[]): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  return `${part({ alg: "HS256" })}.${part({ userId, sub, roles, exp: 9_999_999_999 })}.sig`;
}

export function signInAs(userId: number, sub: string, roles: Role[]) {
  sessionStore.signIn(fakeToken(userId, sub, roles), { userId, sub, roles });
}

export type Reply = { status?: number; body: unknown; headers?: Record<string, string> };

/** Answers every API call through `reply`; records the calls. */
export function stubApi(reply: (config: InternalAxiosRequestConfig) => Reply) {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config);
    const { status = 200, body, headers = {} } = reply(config);
    const response = { data: body, status, statusText: String(status), headers, config };
    if (status >= 400) {
      throw Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, response, config });
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return calls;
}

export const envelope = (replyMessage: unknown, message: string | null = null) => ({
  success: true,
  replyMessage,
  message,
  errorMessage: null,
});
export const failure = (errorMessage: string) => ({ success: false, replyMessage: null, message: null, errorMessage });

let currentPath = "";
let currentSearch = "";
function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname;
  currentSearch = location.search;
  return null;
}
export const locationPath = () => currentPath;
/** The query string of the current location, as URLSearchParams. */
export const locationSearch = () => new URLSearchParams(currentSearch);

export function renderApp(path: string) {
  queryClient.clear();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppShell />
      <LocationProbe />
    </MemoryRouter>,
  );
}

export function resetSession() {
  sessionStore.end("logout");
  queryClient.clear();
}
