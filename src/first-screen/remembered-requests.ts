/**
 * Which list request each start-up location led to, kept in the browser, so that the next start-up
 * there can ask for the list before the code that works it out has loaded (src/main.tsx). The request
 * follows from the location, the user and the build alone; entries of another build or user are
 * ignored, and all are dropped at sign-out.
 */
const KEY = "first-screen-requests";
const MAX_ENTRIES = 20;
/** The main chunk's hashed name: it changes with every build whose code differs. */
const BUILD = import.meta.url;

interface Remembered {
  build: string;
  userId: number;
  requests: Record<string, string>;
}

function read(userId: number): Remembered["requests"] {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? "null") as Remembered | null;
    return saved && saved.build === BUILD && saved.userId === userId && typeof saved.requests === "object" ? saved.requests : {};
  } catch {
    return {};
  }
}

export function rememberedListRequest(userId: number, location: string): string | undefined {
  const url = read(userId)[location];
  return typeof url === "string" ? url : undefined;
}

export function rememberListRequest(userId: number, location: string, url: string): void {
  const requests = read(userId);
  if (requests[location] === url) return;
  delete requests[location];
  const kept = Object.entries(requests).slice(-(MAX_ENTRIES - 1));
  try {
    localStorage.setItem(KEY, JSON.stringify({ build: BUILD, userId, requests: Object.fromEntries([...kept, [location, url]]) }));
  } catch {
    // Storage full or blocked: the next start-up works the request out again.
  }
}

export function forgetListRequests(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
