import { match } from "path-to-regexp";

const matchers = new Map<string, ReturnType<typeof match>>();

/**
 * Whether `pathname` is a page of the route `pattern` ("/dashboard/admin/users/:userId/update-user"),
 * as the router matches it: any case, a trailing slash allowed. Not react-router's matchPath, which
 * would bring React with it: the first screen (src/first-screen) matches before React has loaded.
 */
export function matchesRoute(pattern: string, pathname: string): boolean {
  let matcher = matchers.get(pattern);
  if (!matcher) {
    matcher = match(pattern, { decode: false });
    matchers.set(pattern, matcher);
  }
  return matcher(pathname) !== false;
}
