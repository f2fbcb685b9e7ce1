/** `npm run backup` and `npm run restore` as a user runs them, in a child process: shared by the backup tests. */
import { execFile } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../..");

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `npm run <script> -- <args>` as the package's script runs it, with DATABASE_URL set and no object
 * storage unless `env` names it (STORAGE_URL, S3_ENDPOINT, ...).
 */
export function run(script: "backup" | "restore", args: string[], databaseUrl: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", `scripts/${script}.ts`, ...args],
      // The AWS SDK warns on stderr that its 2027 versions need Node 22 (the project runs Node 20): not this command's output.
      { cwd: ROOT, env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true", STORAGE_URL: "", S3_ENDPOINT: "", DATABASE_URL: databaseUrl, ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
