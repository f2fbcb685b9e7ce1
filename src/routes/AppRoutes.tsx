import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router";
import { RequireRole, RequireSession } from "../components/guards";
import { PageSpinner } from "../components/PageSpinner";
import { useResourceDeclarations } from "../components/resource-context";
import { NotFoundPage } from "../pages/NotFoundPage";
import { resourcesOfRole } from "../resources/derive";
import { DASHBOARDS } from "./dashboards";
import { PROFILE_PAGE } from "./page-map";
import { DataTypeRoute, ResourceRoute } from "./ResourceRoute";
import { PAGE_ACTIONS } from "./route-targets";

const ProfilePage = lazy(PROFILE_PAGE);
const AppLayout = lazy(() => import("../components/layout/AppLayout"));

/**
 * Every route of spec §2 but sign-in (src/App.tsx), the dashboards' children derived from the
 * declared resources.
 */
export function AppRoutes() {
  const declarations = useResourceDeclarations();
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route
          path="/profile"
          element={
            <RequireSession>
              <AppLayout />
            </RequireSession>
          }
        >
          <Route index element={<ProfilePage />} />
        </Route>
        {DASHBOARDS.map((dashboard) => {
          const resources = resourcesOfRole(declarations, dashboard.role);
          const indexResource = resources.find((r) => r.dashboardIndex);
          return (
            <Route
              key={dashboard.role}
              path={dashboard.path}
              element={
                <RequireSession>
                  <RequireRole role={dashboard.role}>
                    <AppLayout dashboardRole={dashboard.role} />
                  </RequireRole>
                </RequireSession>
              }
            >
              {indexResource && <Route index element={<ResourceRoute resource={indexResource} action="list" />} />}
              {resources.flatMap((resource) =>
                PAGE_ACTIONS.filter((action) => resource.pages[action]).map((action) => (
                  <Route
                    key={`${resource.identifier}:${action}`}
                    path={resource.pages[action]!.path}
                    element={<ResourceRoute resource={resource} action={action} />}
                  />
                )),
              )}
              {dashboard.dataTypeParam && (
                <Route path={`:${dashboard.dataTypeParam.name}`} element={<DataTypeRoute dashboard={dashboard} />} />
              )}
            </Route>
          );
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
