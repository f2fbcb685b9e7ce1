/** docs/access.md's rows for the declared resources are the declarations' own (npm run docs:access writes them). */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { withDeclaredAccess } from "../../server/resources/access-docs";
import { DECLARED_RESOURCES } from "../../src/resources/declared";

describe("docs/access.md's generated rows", () => {
  it("are current: run `npm run docs:access` after changing a declaration", () => {
    const doc = readFileSync(resolve(import.meta.dirname, "../../docs/access.md"), "utf8");
    expect(withDeclaredAccess(doc, DECLARED_RESOURCES), "npm run docs:access rewrites them").toBe(doc);
  });
});
