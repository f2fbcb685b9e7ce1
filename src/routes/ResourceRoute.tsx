import { Suspense } from "react";
import { useParams } from "react-router";
import { RequireAccess } from "../components/guards";
import { PageSpinner } from "../components/PageSpinner";
import { NotFoundPage } from "../pages/NotFoundPage";
import { CurrentResourceContext } from "../resources/current-resource";
import { resourcesOfRole } from "../resources/derive";
import type { PageAction, ResourceDeclaration } from "../resources/types";
import type { Dashboard } from "./dashboards";
import { lazyPage } from "./lazy-page";
import { PAGES } from "./page-map";

/** One page of a declared resource, behind the access check for that resource and action. */
export function ResourceRoute({ resource, action }: { resource: ResourceDeclaration; action: PageAction }) {
  const page = resource.pages[action];
  if (!page) return <NotFoundPage />;
  const Page = lazyPage(PAGES[page.page]);
  return (
    <RequireAccess resource={resource.identifier} action={action}>
      <CurrentResourceContext.Provider value={resource}>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </CurrentResourceContext.Provider>
    </RequireAccess>
  );
}

/** A dashboard's data-type parameter route: shows the list whose path is the parameter's value. */
export function DataTypeRoute({ dashboard }: { dashboard: Dashboard }) {
  const param = dashboard.dataTypeParam!;
  const value = useParams()[param.name] ?? "";
  const resource = param.values.includes(value)
    ? resourcesOfRole(dashboard.role).find((r) => r.pages.list?.path === value)
    : undefined;
  return resource ? <ResourceRoute resource={resource} action="list" /> : <NotFoundPage />;
}
