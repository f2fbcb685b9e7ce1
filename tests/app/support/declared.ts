import type { InternalAxiosRequestConfig } from "axios";
import type { Reply } from "./render-app";

/** Declared records as `/api/<name>` answers them (issue 26). */
export const EMPLOYERS = [
  { id: 1, name: "Gulf Builders", country: "Saudi Arabia", licenceNo: "LIC-1", contactPerson: "Omar", phone: null, email: null, address: null },
  { id: 2, name: "Doha Works", country: "Qatar", licenceNo: "LIC-2", contactPerson: null, phone: null, email: "hr@doha.example", address: null },
];

export const DEMAND_LETTERS = [
  {
    id: 7,
    employerId: 2,
    referenceNo: "DL-2026-007",
    country: "Qatar",
    jobTitle: "Mason",
    workersRequested: 25,
    monthlySalary: 4500000,
    issueDate: "2026-01-10",
    expiryDate: "2026-12-20",
    attested: true,
    letter: { fileName: "dl-007.pdf", contentType: "application/pdf", size: 2048 },
  },
];

/** Where a call went: its path and its query, the URL's as the provider wrote it. */
export function urlOf(config: InternalAxiosRequestConfig): { path: string; query: URLSearchParams } {
  const url = new URL(config.url ?? "", "http://app.test");
  return { path: url.pathname, query: url.searchParams };
}

/** Answers the declared resources' REST calls from the fixtures; `override` first, when it answers. */
export function declaredReplies(override?: (config: InternalAxiosRequestConfig) => Reply | undefined) {
  return (config: InternalAxiosRequestConfig): Reply => {
    const own = override?.(config);
    if (own) return own;
    const { path, query } = urlOf(config);
    const tables: Record<string, Record<string, unknown>[]> = { "/api/employers": EMPLOYERS, "/api/demand-letters": DEMAND_LETTERS };
    const list = tables[path];
    if (list && config.method === "get") {
      const ids = query.getAll("id");
      const rows = ids.length > 0 ? list.filter((r) => ids.includes(String(r.id))) : list;
      return { body: rows, headers: { "x-total-count": String(rows.length) } };
    }
    const one = /^(\/api\/[a-z-]+)\/(\d+)$/.exec(path);
    if (one && tables[one[1]] && config.method === "get") return { body: tables[one[1]].find((r) => String(r.id) === one[2]) ?? {} };
    if (/\/history$/.test(path)) return { body: [] };
    return { body: { success: true, replyMessage: [], message: null, errorMessage: null } };
  };
}
