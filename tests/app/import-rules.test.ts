// @vitest-environment node
/**
 * How the app's modules may import each other (docs/architecture.md), checked on the sources with
 * dependency-cruiser: no import circle anywhere in src/; the resource declarations (src/resources)
 * import no React, page or component; only the page map loads pages lazily; and the registry
 * (src/resources/index.ts) is read only where the app starts, never by a component or a page, which
 * reach the declarations through src/components/resource-context.tsx.
 *
 * Imports of types count too (tsPreCompilationDeps): a circle of types is still a circle to read.
 */
import { cruise, type ICruiseResult, type IForbiddenRuleType } from "dependency-cruiser";
import { beforeAll, describe, expect, it } from "vitest";

/** The only modules that import the registry: the signed-in app's root, and the start-up's parts that run before React. */
const REGISTRY_READERS = ["src/SignedInApp.tsx", "src/providers/index.ts", "src/first-screen/start.ts", "src/routes/preload-route.ts"];

const escape = (path: string) => path.replace(/[.]/g, "\\.");

const RULES: IForbiddenRuleType[] = [
  { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
  {
    name: "declarations-stay-plain",
    severity: "error",
    from: { path: "^src/resources/" },
    to: { path: ["^src/(pages|components|providers|first-screen)/", "^src/[^/]+\\.tsx$", "(^|/)node_modules/(react|react-dom|antd|@ant-design/[^/]+)/"] },
  },
  {
    name: "pages-loaded-by-the-page-map-only",
    severity: "error",
    // A page may load its own parts on first use (the sign-in form's action).
    from: { pathNot: ["^src/routes/page-map\\.ts$", "^src/pages/"] },
    to: { path: "^src/pages/", dependencyTypes: ["dynamic-import"] },
  },
  {
    name: "registry-read-where-the-app-starts",
    severity: "error",
    from: { pathNot: REGISTRY_READERS.map((path) => `^${escape(path)}$`) },
    to: { path: "^src/resources/index\\.ts$" },
  },
];

let result: ICruiseResult;

beforeAll(async () => {
  const reported = await cruise(
    ["src"],
    {
      tsPreCompilationDeps: true,
      // The service worker is a program of its own (src/sw/tsconfig.json).
      exclude: { path: "^src/sw/sw\\.ts$" },
      doNotFollow: { path: "node_modules" },
      validate: true,
      ruleSet: { forbidden: RULES },
    },
    { extensions: [".ts", ".tsx", ".js"] },
  );
  result = reported.output as ICruiseResult;
}, 120_000);

/** The violations of one rule, each as its import (or its circle) in words. */
function violationsOf(rule: string): string[] {
  return result.summary.violations
    .filter((violation) => violation.rule.name === rule)
    .map((violation) => (violation.cycle ? [violation.from, ...violation.cycle.map((step) => step.name)] : [violation.from, violation.to]).join(" → "));
}

describe("imports (docs/architecture.md)", () => {
  it("read the sources", () => {
    expect(result.modules.filter((module) => module.source.startsWith("src/")).length).toBeGreaterThan(100);
  });

  it.each(RULES.map((rule) => rule.name!))("%s: none broken", (rule) => {
    expect(violationsOf(rule)).toEqual([]);
  });
});
