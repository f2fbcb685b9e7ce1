import { PHONE_BREAKPOINT_PX, SIDEBAR_BREAKPOINT_PX } from "../config";
import type { Page, Passport } from "../contract";
import { serialNumber } from "../components/display/pagination";
import { PRODUCT_NAME } from "../components/layout/product";
import { primaryRole } from "../session/landing";
import { ROLE_THEMES } from "../components/layout/role-theme";
import { columnParts } from "../components/passport-table/column-layout";
import { chosenColumns, columnChoiceKey, savedColumnChoice } from "../components/passport-table/column-choice";
import { passportFilterKeys, readTableParams, tableCrudFilters } from "../components/passport-table/table-params";
import { cardView, filterHint, pageFooter, shownColumns } from "../components/passport-table/view-model";
import { isAllowed } from "../providers/access-control";
import { type ListParams, listRequestUrl } from "../providers/list-request";
import { type LocalText, localText } from "../i18n/local-text";
import { rememberedLanguage } from "../i18n/languages";
import { RESOURCES } from "../resources";
import { menuOf } from "../resources/derive";
import { screenHeading } from "../resources/screen-heading";
import type { ResourceDeclaration } from "../resources/types";
import { routeTargetOf } from "../routes/route-targets";
import { sessionStore } from "../session/session";
import type { SessionUser } from "../session/token";
import { requestEarly } from "./early-replies";
import { rememberListRequest } from "./remembered-requests";
import { drawFirstScreen, type FirstScreenProps } from "./draw";
import { dismissFirstScreen, firstScreenDismissed, onFirstScreenDismissed } from "./gate";

/** However the app fares, the first screen never stands in front of it longer than this. */
const FIRST_SCREEN_MAX_MS = 20_000;

/** Page, size, filters and agent of `resource`'s table at this URL, as PassportTable reads them. */
type TableParams = ReturnType<typeof readTableParams>;

function tableParamsOf(resource: ResourceDeclaration, search: URLSearchParams): TableParams {
  const table = resource.passportTable!;
  return readTableParams(search, passportFilterKeys(table.search), Boolean(table.agentFilter));
}

/** The request PassportTable will make for these params (the same filter keys and Refine filters). */
export function passportListParams(resource: ResourceDeclaration, { page, pageSize, filters, agentId }: TableParams): ListParams {
  return { resource: resource.identifier, pagination: { currentPage: page, pageSize, mode: "server" }, filters: tableCrudFilters(filters, agentId), meta: { api: resource.api } };
}

/** Drawn before the texts load: a declaration's own words in the remembered language. */
const text = (label: LocalText) => localText(label, rememberedLanguage());

function screenProps(user: SessionUser, resource: ResourceDeclaration, pathname: string, params: TableParams, page: Page<Passport>): FirstScreenProps {
  const table = resource.passportTable!;
  const width = window.innerWidth;
  const { choosable, locked } = columnParts(table.columns);
  const chosen = chosenColumns(choosable, locked, savedColumnChoice(columnChoiceKey(user.userId, resource.identifier)));
  const theme = ROLE_THEMES[primaryRole(user.roles)];
  const menu = menuOf(RESOURCES, resource.role).filter((item) => (item.children ?? [item]).some((leaf) => isAllowed(RESOURCES, user.roles, leaf.resource, leaf.action ?? "list")));
  const heading = screenHeading(RESOURCES, pathname);
  return {
    brand: PRODUCT_NAME,
    colours: { sider: theme.sider, primary: theme.primary },
    menu: { labels: menu.map((item) => text(item.label)), selected: menu.map((item) => (item.path === pathname ? text(item.label) : undefined)).find(Boolean) },
    heading: { title: text(heading.title), crumbs: heading.crumbs.map((crumb) => text(crumb.label)) },
    layout: width < PHONE_BREAKPOINT_PX ? "phone" : width < SIDEBAR_BREAKPOINT_PX ? "narrow" : "wide",
    columns: shownColumns(table.columns, chosen),
    card: cardView(table),
    rows: page.content ?? [],
    firstSerial: serialNumber(0, params.page, params.pageSize),
    palette: table.statusPalette ?? "default",
    footer: pageFooter(params.page, params.pageSize, page.totalElements),
    hint: filterHint(params.filters),
  };
}

function show(props: FirstScreenProps): void {
  const screen = drawFirstScreen(props);
  document.body.appendChild(screen);
  const timer = setTimeout(dismissFirstScreen, FIRST_SCREEN_MAX_MS);
  onFirstScreenDismissed(() => {
    clearTimeout(timer);
    // Gone from the page in the app's commit that drew its rows, so the two are never on screen together.
    screen.remove();
  });
}

/**
 * On a start-up signed in at a passport list (issue 13): requests the list at once (unless src/main.tsx
 * already did, remembering it from an earlier start-up there), without waiting for the app's code,
 * and draws it as soon as it arrives (./draw.ts), in front of the app while the app loads.
 * The app's own request for that list is answered with this reply (./early-replies.ts); its table
 * takes the first screen away when it has drawn (./gate.ts). Its words are the remembered language's:
 * it draws once `texts` (src/main.tsx, issue 28) are in as well. Settles once the first screen is
 * drawn, or once it is clear that none will be.
 */
export async function startFirstScreen(location: { pathname: string; search: string }, texts: Promise<unknown> = Promise.resolve()): Promise<void> {
  const { user, token } = sessionStore.get();
  if (!user || !token || firstScreenDismissed()) return;
  const target = routeTargetOf(RESOURCES, location.pathname, user.roles);
  if (target?.action !== "list" || !target.resource.passportTable) return;
  const params = tableParamsOf(target.resource, new URLSearchParams(location.search));
  const url = listRequestUrl(passportListParams(target.resource, params), user.userId);
  rememberListRequest(user.userId, location.pathname + location.search, url);
  const reply = requestEarly(url, token);
  if (!reply) return;
  // A sign-out, or another user, in the meantime: the list is not theirs to see.
  const unsubscribe = sessionStore.subscribe(() => {
    if (sessionStore.get().user?.userId !== user.userId) dismissFirstScreen();
  });
  onFirstScreenDismissed(unsubscribe);
  // The texts are small and were asked for first: they are in by the time the list is, as a rule.
  const [answer, textsIn] = await Promise.all([reply, texts.then(() => true, () => false)]);
  const page = answer?.replyMessage as Page<Passport> | null | undefined;
  if (firstScreenDismissed()) return;
  // Without the texts there are no words to draw with: the app's screen shows.
  if (!textsIn) return dismissFirstScreen();
  // Nothing to draw (the request failed): the app's client asks again, and there is no first screen to wait for.
  if (!page || !Array.isArray(page.content)) return dismissFirstScreen();
  show(screenProps(user, target.resource, location.pathname, params, page));
}
