import { describe, expect, it } from "vitest";
import { PASSPORT_STATUSES } from "../../src/contract";
import {
  TRANSITIONS,
  type WorkflowAction,
  checkProgressEditable,
  checkStillOpen,
  checkTransition,
} from "../../server/workflow/transitions";

// docs/access.md "Transitions", written out independently of the implementation's table.
const ALLOWED: Record<WorkflowAction, [from: string, to: string, role: string]> = {
  review: ["PENDING", "REVIEWED", "ADMIN"],
  "reject-by-admin": ["PENDING", "REJECTED", "ADMIN"],
  complete: ["REVIEWED", "COMPLETED", "ADMIN"],
  approve: ["COMPLETED", "APPROVED", "SUPER_ADMIN"],
  "reject-by-super-admin": ["COMPLETED", "REJECTED", "SUPER_ADMIN"],
};
const ACTIONS = Object.keys(ALLOWED) as WorkflowAction[];
// Other backends send compound statuses; ours must refuse them like any other status.
const STATUSES = [...PASSPORT_STATUSES, "REJECTED_BY_ADMIN", ""];

describe("checkTransition", () => {
  it("covers exactly the documented actions, with their roles", () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...ACTIONS].sort());
    for (const action of ACTIONS) expect(TRANSITIONS[action].role).toBe(ALLOWED[action][2]);
  });

  const cases = ACTIONS.flatMap((action) => STATUSES.map((status) => [action, status] as const));
  it.each(cases)("%s from %j", (action, status) => {
    const [from, to] = ALLOWED[action];
    const result = checkTransition(action, status);
    if (status === from) {
      expect(result).toEqual({ ok: true, to });
    } else {
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toBe(`Passport is ${status}; only a ${from} passport can be moved to ${to}`);
    }
  });

  it("leaves APPROVED and REJECTED final", () => {
    for (const action of ACTIONS) {
      expect(checkTransition(action, "APPROVED").ok).toBe(false);
      expect(checkTransition(action, "REJECTED").ok).toBe(false);
    }
  });
});

describe("checkProgressEditable", () => {
  it.each(STATUSES)("%j", (status) => {
    const result = checkProgressEditable(status);
    expect(result.ok).toBe(status === "REVIEWED");
    if (!result.ok) expect(result.reason).toContain(`Passport is ${status};`);
  });
});

describe("checkStillOpen", () => {
  it.each(STATUSES)("%j", (status) => {
    const result = checkStillOpen(status, "commenting");
    const final = status === "APPROVED" || status === "REJECTED";
    expect(result.ok).toBe(!final);
    if (!result.ok) expect(result.reason).toBe(`Passport is ${status}; commenting is no longer possible`);
  });
});
