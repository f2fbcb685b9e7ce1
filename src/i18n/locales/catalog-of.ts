export type Catalog = Record<string, Record<string, unknown>>;

/** `{ "./en/signIn.json": {...} }` → `{ signIn: {...} }`. */
export function catalogOf(files: Record<string, Record<string, unknown>>): Catalog {
  return Object.fromEntries(Object.entries(files).map(([path, texts]) => [path.replace(/^.*\/([^/]+)\.json$/, "$1"), texts]));
}
