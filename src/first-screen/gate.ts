/**
 * Whether the first screen (./start.ts) may still show: it goes for good once the app's own screen
 * is ready, the user goes elsewhere, or the session ends. Small on purpose: the app imports it.
 */
let dismissed = false;
const listeners = new Set<() => void>();

/** Takes the first screen away (or keeps it from showing); the app's screen is what stays. */
export function dismissFirstScreen(): void {
  if (dismissed) return;
  dismissed = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

export function firstScreenDismissed(): boolean {
  return dismissed;
}

export function onFirstScreenDismissed(listener: () => void): void {
  if (dismissed) listener();
  else listeners.add(listener);
}
