/**
 * `npm run docs:access`: rewrites docs/access.md's generated rows (the declared resources' routes and
 * who may call them) from the declarations (server/resources/access-docs.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { withDeclaredAccess } from "../server/resources/access-docs";
import { DECLARED_RESOURCES } from "../src/resources/declared";

export const ACCESS_DOC = resolve(import.meta.dirname, "../docs/access.md");

export function writeAccessDoc(): boolean {
  const before = readFileSync(ACCESS_DOC, "utf8");
  const after = withDeclaredAccess(before, DECLARED_RESOURCES);
  if (after !== before) writeFileSync(ACCESS_DOC, after);
  return after !== before;
}

if (process.argv[1] === import.meta.filename) {
  console.log(writeAccessDoc() ? "docs/access.md: the declared resources' rows rewritten" : "docs/access.md: the declared resources' rows are current");
}
