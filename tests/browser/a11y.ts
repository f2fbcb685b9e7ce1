/**
 * axe-core in the page under test (the pinned npm package, injected as a script): the rules of WCAG
 * 2.1 A and AA plus axe's best practices, with "visible text in the accessible name"
 * (label-content-name-mismatch, experimental in axe) switched on.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the failing elements and axe's summary of each failure. */
  nodes: { target: string; summary: string }[];
}

export const SEVERE = ["serious", "critical"];

/** Every axe violation on the page (or inside `scope`), severe or not. */
export async function axeViolations(page: Page, scope?: Locator): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol: the page's CSP refuses an inline script tag.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const context = scope ? await scope.evaluateHandle((el) => el) : null;
  const results = await page.evaluate(
    async (element) =>
      (window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe.run(
        element ?? document,
        {
          runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
          rules: { "label-content-name-mismatch": { enabled: true } },
          resultTypes: ["violations"],
        },
      ),
    context,
  );
  await context?.dispose();
  return (results.violations as { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[]).map(
    (v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), summary: n.failureSummary ?? "" })),
    }),
  );
}

/** The serious and critical ones only, which must be none. */
export async function severeViolations(page: Page, scope?: Locator): Promise<AxeViolation[]> {
  return (await axeViolations(page, scope)).filter((v) => SEVERE.includes(v.impact ?? ""));
}

/** One line per failing element, for a readable test failure. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id} at ${n.target}: ${n.summary.replace(/\s+/g, " ").slice(0, 240)}`)).join("\n");
}

/** Failing elements per rule: { "color-contrast": 36, ... }. */
export function countByRule(violations: AxeViolation[]): Record<string, number> {
  return Object.fromEntries(violations.map((v) => [v.id, v.nodes.length]));
}
