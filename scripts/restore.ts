/** `npm run restore -- <file>`: server/backup/cli.ts, docs/backup.md. */
import { restoreCommand } from "../server/backup/cli";

process.exitCode = await restoreCommand(process.argv.slice(2));
