import { describe, expect, it } from "vitest";
import { transportError } from "../../src/providers/http-errors";
import { isAlreadyReported } from "../../src/providers/notification-provider";

/** Refine's default error toast for a failed call, as its hooks build it. */
const refineDefault = (statusCode: number, message: string, title = `Error (status code: ${statusCode})`) =>
  ({ type: "error", message: title, description: message }) as const;

describe("which of Refine's error toasts are dropped as already reported (spec §8)", () => {
  it.each([
    ["a network failure (the HTTP client showed Network error)", refineDefault(0, transportError("FETCH_ERROR").message)],
    ["a time-out", refineDefault(0, transportError("TIMEOUT_ERROR").message)],
    ["an unreadable reply, whatever its status", refineDefault(200, transportError("PARSING_ERROR").message)],
    ["a cancelled call", refineDefault(0, "The request was cancelled.")],
    ["a 403, which signs the user out", refineDefault(403, "Forbidden")],
    ["a failed refresh after a 401, which signs the user out", refineDefault(401, "Invalid or expired token")],
    ["a mutation's 403", refineDefault(403, "Forbidden", "There was an error creating slot (status code: 403)")],
  ])("%s", (_what, params) => {
    expect(isAlreadyReported(params)).toBe(true);
  });

  it.each([
    ["a server error with its message", refineDefault(500, "Database unavailable")],
    ["a 404", refineDefault(404, "Passport not found")],
    ["a screen's own failure message", { type: "error", message: "Failed to review passport" } as const],
    ["a success", { type: "success", message: "Error (status code: 0)", description: "x" } as const],
  ])("keeps %s", (_what, params) => {
    expect(isAlreadyReported(params)).toBe(false);
  });
});
