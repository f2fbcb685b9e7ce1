import type { AppConfig } from "../config";
import type { Database } from "./database";

/** Demo data on the first start of the embedded default; the bootstrap super admin in production. */
export async function prepareData(_database: Database, _config: AppConfig): Promise<{ username: string; password: string; role: string }[]> {
  return [];
}
