import { Suspense } from "react";
import { useParams } from "react-router";
import { RequireAccess } from "../components/guards";
import { PageSpinner } from "../components/PageSpinner";
import { CurrentResourceProvider, useResourceDeclarations } from "../components/resource-context";
import { NotFoundPage } from "../pages/NotFoundPage";
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
      <CurrentResourceProvider resource={resource}>
        <Suspense fallback={<PageSpinner />}>
          <Page />
        </Suspense>
      </CurrentResourceProvider>
    </RequireAccess>
  );
}

/** A dashboard's data-type parameter route: shows the list whose path is the parameter's value. */
export function DataTypeRoute({ dashboard }: { dashboard: Dashboard }) {
  const param = dashboard.dataTypeParam!;
  const value = useParams()[param.name] ?? "";
  const declarations = useResourceDeclarations();
  const resource = param.values.includes(value)
    ? resourcesOfRole(declarations, dashboard.role).find((r) => r.pages.list?.path === value)
    : undefined;
  return resource ? <ResourceRoute resource={resource} action="list" /> : <NotFoundPage />;
}
