/**
 * The passport workflow (docs/access.md "Transitions"): which role may move a passport from which
 * status to which. Plain functions so they can be tested alone.
 */
import type { PassportStatus, Role } from "../../src/contract";

export type WorkflowAction = "review" | "reject-by-admin" | "complete" | "approve" | "reject-by-super-admin";

interface Transition {
  from: PassportStatus;
  to: PassportStatus;
  role: Role;
}

export const TRANSITIONS: Record<WorkflowAction, Transition> = {
  review: { from: "PENDING", to: "REVIEWED", role: "ADMIN" },
  "reject-by-admin": { from: "PENDING", to: "REJECTED", role: "ADMIN" },
  complete: { from: "REVIEWED", to: "COMPLETED", role: "ADMIN" },
  approve: { from: "COMPLETED", to: "APPROVED", role: "SUPER_ADMIN" },
  "reject-by-super-admin": { from: "COMPLETED", to: "REJECTED", role: "SUPER_ADMIN" },
};

export type TransitionCheck = { ok: true; to: PassportStatus } | { ok: false; reason: string };

export function checkTransition(action: WorkflowAction, current: string): TransitionCheck {
  const t = TRANSITIONS[action];
  if (current !== t.from) {
    return { ok: false, reason: `Passport is ${current}; only a ${t.from} passport can be moved to ${t.to}` };
  }
  return { ok: true, to: t.to };
}

/** Milestones and dates are tracked only while the passport is REVIEWED (after review, before done). */
export function checkProgressEditable(current: string): TransitionCheck {
  return current === "REVIEWED"
    ? { ok: true, to: "REVIEWED" }
    : { ok: false, reason: `Passport is ${current}; milestones and dates can only change on a REVIEWED passport` };
}

/** Record edits and comments stop once a passport has its final decision. */
export const FINAL_STATUSES: readonly string[] = ["APPROVED", "REJECTED"];

export function checkStillOpen(current: string, what: string): TransitionCheck {
  return FINAL_STATUSES.includes(current)
    ? { ok: false, reason: `Passport is ${current}; ${what} is no longer possible` }
    : { ok: true, to: current as PassportStatus };
}
