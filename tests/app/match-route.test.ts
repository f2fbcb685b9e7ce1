/**
 * Route matching without react-router (src/routes/match-route.ts), which the first screen and the
 * preloads use before React has loaded: it must agree with the router's own matching.
 */
import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { RESOURCES } from "../../src/resources";
import { routeTargetOf } from "../../src/routes/route-targets";
import { matchesRoute } from "../../src/routes/match-route";

const cases: [pattern: string, pathname: string][] = [
  ["/dashboard/admin/pending", "/dashboard/admin/pending"],
  ["/dashboard/admin/pending", "/dashboard/admin/pending/"],
  ["/dashboard/admin/pending", "/Dashboard/Admin/Pending"],
  ["/dashboard/admin/pending", "/dashboard/admin/pending/12"],
  ["/dashboard/admin/pending", "/dashboard/admin"],
  ["/dashboard/admin/users/:userId/update-user", "/dashboard/admin/users/7/update-user"],
  ["/dashboard/admin/users/:userId/update-user", "/dashboard/admin/users/%E0%A6%95/update-user"],
  ["/dashboard/admin/users/:userId/update-user", "/dashboard/admin/users//update-user"],
  ["/dashboard/admin/users/:userId/update-user", "/dashboard/admin/users/7/8/update-user"],
  ["/dashboard/agent/:agentDataType", "/dashboard/agent/approved"],
];

describe("matchesRoute", () => {
  it.each(cases)("%s and %s: as react-router's matchPath says", (pattern, pathname) => {
    expect(matchesRoute(pattern, pathname)).toBe(matchPath(pattern, pathname) !== null);
  });

  it("finds the page a path opens for the user's role, and none for another role's", () => {
    expect(routeTargetOf(RESOURCES, "/dashboard/admin/pending", ["ADMIN"])).toMatchObject({ action: "list", role: "ADMIN" });
    expect(routeTargetOf(RESOURCES, "/dashboard/admin/pending", ["AGENT"])).toBeUndefined();
    expect(routeTargetOf(RESOURCES, "/dashboard/admin/nothing-here", ["ADMIN"])).toBeUndefined();
  });
});
