/**
 * `npm run db:migration -- <resource>`: writes the migration the declared resource needs into
 * server/db/migrations (server/db/generate/migration-file.ts) and prints what it does, then brings
 * docs/access.md's generated rows up to date. Review the file, run the tests, commit it; it is then frozen.
 */
import { fileURLToPath } from "node:url";
import { generateMigration } from "../server/db/generate/migration-file";
import { MIGRATIONS_FOLDER } from "../server/db/migrate";
import { DECLARED_RESOURCES } from "../src/resources/declared";
import { writeAccessDoc } from "./docs-access";

async function main(): Promise<void> {
  const name = process.argv[2];
  const names = DECLARED_RESOURCES.map((r) => r.name);
  const resource = DECLARED_RESOURCES.find((r) => r.name === name);
  if (!resource) {
    console.error(`Usage: npm run db:migration -- <resource>, one of ${names.join(", ")} (src/resources/declared.ts)`);
    process.exit(1);
  }
  const result = await generateMigration({
    resource,
    resources: DECLARED_RESOURCES,
    outputFolder: fileURLToPath(MIGRATIONS_FOLDER),
    source: "src/resources/declared.ts lists it",
  });
  if (result.file) console.log(`Wrote ${result.file}:`);
  for (const line of result.summary) console.log(`  ${line}`);
  for (const warning of result.warnings) console.warn(`Note: ${warning}`);
  if (writeAccessDoc()) console.log("docs/access.md: the declared resources' rows rewritten");
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
