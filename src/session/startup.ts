import { RESTORE_TIMEOUT_MS } from "../config";
import { settleWithin } from "./session-store";

/**
 * Spec §4 start-up: `render` runs only once `restore` (reading the saved auth state back) has
 * settled, or after `timeoutMs` if it hangs; a failed restore does not stop start-up.
 */
export async function renderAfterRestore(restore: () => Promise<unknown>, render: () => void, timeoutMs = RESTORE_TIMEOUT_MS): Promise<void> {
  // new Promise turns a synchronous throw into a rejection, which settleWithin ignores.
  await settleWithin(new Promise((resolve) => resolve(restore())), timeoutMs);
  render();
}
