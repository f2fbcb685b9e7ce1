/** `npm run backup -- --out <file>`: server/backup/cli.ts, docs/backup.md. */
import { backupCommand } from "../server/backup/cli";

process.exitCode = await backupCommand(process.argv.slice(2));
