import type { InternalAxiosRequestConfig } from "axios";
import { pageOf } from "./passports";
import { envelope, stubApi } from "./render-app";

export const AGENTS = [
  { id: 3, username: "agent" },
  { id: 4, username: "agent2" },
];

/** Answers every passport list with `total` rows paged as asked, and the agent list. */
export function stubPassportLists(total = 57) {
  return stubApi((config: InternalAxiosRequestConfig) => {
    const url = new URL(config.url!, "http://x");
    if (url.pathname === "/auth/get-all-agents") return { body: envelope(AGENTS) };
    const page = Number(url.searchParams.get("page") ?? 0);
    const size = Number(url.searchParams.get("size") ?? 10);
    const from = page * size + 1;
    return { body: envelope(pageOf(from, Math.max(0, Math.min(size, total - from + 1)), total)) };
  });
}

/** The passport list requests among `calls`, as URLs. */
/** The list requests among `calls` (the menu's counts come from the overview, not a list). */
export const listCalls = (calls: InternalAxiosRequestConfig[]) =>
  calls.map((c) => new URL(c.url!, "http://x")).filter((u) => u.pathname.startsWith("/api/passport/") && u.pathname !== "/api/passport/overview");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
