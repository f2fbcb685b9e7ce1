import type { Role } from "../contract";
import { DASHBOARD_PATHS } from "../session/landing";
import { type AnyDataResource, rolesFor, textsOf } from "./model/resource";
import type { ResourceApi, ResourceDeclaration, ResourcePage } from "./types";

/** The Refine data provider of the declared resources' REST dialect (src/providers/rest-data-provider.ts). */
export const REST_DATA_PROVIDER = "rest";

/**
 * The dashboards that show a declared resource: every role that may list it, narrowed by `menu.roles`
 * (slots are listed by super admins for the passport form, but managed on the admin's dashboard only).
 */
export function screenRolesOf(data: AnyDataResource): Role[] {
  const listers = rolesFor(data, "list");
  const only = data.menu?.roles;
  return only ? listers.filter((role) => only.includes(role)) : listers;
}

const dashboardSlug = (role: Role) => DASHBOARD_PATHS[role].split("/").pop()!;

/** The spec's envelope paths of a legacy declaration, as the envelope data provider reads them. */
function legacyApi(data: AnyDataResource): ResourceApi {
  const paths = data.legacy?.paths;
  if (!paths) return {};
  return { list: { path: paths.list }, create: { path: paths.create }, update: { path: paths.update }, delete: paths.delete };
}

/**
 * One dashboard's screens of a declared resource: its list at `<path>`, a record's page at
 * `<path>/:id` (REST resources the role may show), and with `form: "page"` the create and edit pages
 * the role may use (otherwise they are modals over the list).
 */
function screensFor(data: AnyDataResource, role: Role, shared: boolean): ResourceDeclaration {
  const path = data.path ?? data.name;
  const texts = textsOf(data);
  const may = (action: "show" | "create" | "update") => rolesFor(data, action).includes(role);
  const pages: ResourceDeclaration["pages"] = { list: { path, page: "declared-list", title: data.heading ?? data.label.many } };
  if (!data.legacy && may("show")) pages.show = { path: `${path}/:id`, page: "declared-show", title: data.label.one };
  if (data.form === "page") {
    const form = (suffix: string, title: string): ResourcePage => ({ path: `${path}/${suffix}`, page: "declared-form", title });
    if (may("create")) pages.create = form("create", texts.createTitle);
    if (may("update")) pages.edit = form(":id/edit", texts.editTitle);
  }
  return {
    // One dashboard: the resource's name; several: one per dashboard ("admin-employers").
    identifier: shared ? `${dashboardSlug(role)}-${data.name}` : data.name,
    name: data.name,
    label: data.menu?.label ?? data.label.many,
    role,
    pages,
    menu: data.menu ? [{ label: data.menu.label ?? data.label.many, order: data.menu.order, group: data.menu.group }] : undefined,
    api: legacyApi(data),
    data,
    dataProviderName: data.legacy ? undefined : REST_DATA_PROVIDER,
  };
}

/**
 * The screens of the declared resources (issue 26), in the shape of the hand-written ones: for each
 * declaration, one per dashboard that shows it. Pure: the same declarations give the same screens.
 */
export function declaredScreens(declared: readonly AnyDataResource[]): ResourceDeclaration[] {
  return declared.flatMap((data) => {
    const roles = screenRolesOf(data);
    return roles.map((role) => screensFor(data, role, roles.length > 1));
  });
}
