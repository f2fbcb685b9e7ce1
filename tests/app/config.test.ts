import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** config.ts reads the environment once, when it is first imported. */
const loadConfig = () => import("../../src/config");

describe("VITE_WORK_PERMIT_STATUS_URL (README configuration)", () => {
  it("defaults to the government status-check page", async () => {
    vi.stubEnv("VITE_WORK_PERMIT_STATUS_URL", "");
    vi.resetModules();
    expect((await loadConfig()).WORK_PERMIT_STATUS_URL).toBe("https://www.bmet.gov.bd/");
  });

  it("replaces the page when set", async () => {
    vi.stubEnv("VITE_WORK_PERMIT_STATUS_URL", "https://status.example.gov.bd/check");
    vi.resetModules();
    expect((await loadConfig()).WORK_PERMIT_STATUS_URL).toBe("https://status.example.gov.bd/check");
  });
});
