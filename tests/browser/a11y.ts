/**
 * axe in the page under test through @axe-core/playwright, running the pinned axe-core (4.14, newer
 * than the one @axe-core/playwright bundles): the rules of WCAG 2.1 A and AA plus axe's best
 * practices, with "visible text in the accessible name" (label-content-name-mismatch, experimental in
 * axe) switched on.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the failing elements and axe's summary of each failure. */
  nodes: { target: string; summary: string }[];
}

export const SEVERE = ["serious", "critical"];

/** Every axe violation on the page (or inside the element `selector` names), severe or not. */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // Injected through the DevTools protocol, which the page's CSP does not stop (an inline script tag it would).
  const builder = new AxeBuilder({ page, axeSource }).options({
    runOnly: { type: "tag", values: AXE_TAGS },
    rules: { "label-content-name-mismatch": { enabled: true } },
    resultTypes: ["violations"],
  });
  if (selector) builder.include(selector);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), summary: n.failureSummary ?? "" })),
  }));
}

/** The serious and critical ones only, which must be none. */
export async function severeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  return (await axeViolations(page, selector)).filter((v) => SEVERE.includes(v.impact ?? ""));
}

/** One line per failing element, for a readable test failure. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} at ${n.target}: ${n.summary.replace(/\s+/g, " ").slice(0, 240)}`)).join("\n");
}

/** Failing elements per rule: { "color-contrast": 36, ... }. */
export function countByRule(violations: AxeViolation[]): Record<string, number> {
  return Object.fromEntries(violations.map((v) => [v.id, v.nodes.length]));
}
