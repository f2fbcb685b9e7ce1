/** DATABASE_URL as the backup commands need it: its kind, and a form fit to print. */
import { sqlitePath } from "../config";
import type { Dialect } from "../db/database";

export const dialectOf = (databaseUrl: string): Dialect => (sqlitePath(databaseUrl) === undefined ? "postgres" : "sqlite");

/** The URL with its password replaced by "***", for messages and logs. */
export function redactedUrl(databaseUrl: string): string {
  if (dialectOf(databaseUrl) === "sqlite") return databaseUrl;
  const url = new URL(databaseUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
