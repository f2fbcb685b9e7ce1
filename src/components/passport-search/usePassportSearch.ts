import { useDataProvider } from "@refinedev/core";
import { App } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Passport, Role } from "../../contract";
import { t } from "../../i18n/i18n";
import { statusText } from "../display/words";
import { useResourceDeclarations } from "../resource-context";
import { classifySearch, searchTargets, searchUrl, showsStatus } from "./search-rule";

/** The notice when no passport matches the search (the spec gives no text). */
export const noPassportFound = (value: string) => t("passportSearch.notFound", { value });

/**
 * The top-bar search (spec §2 leaves it inert; issue 5 makes it work). The text is read as a phone,
 * passport number or name (classifySearch), and the first matching passport is looked up, in the
 * role's list of every status if it has one, else through its status lists' endpoint without the
 * status. Nothing found: a notice says so and the screen stays as it is. Otherwise:
 * - a role with a list of every status (super admin: Application History) opens that list filtered;
 * - otherwise the list of the passport's status opens filtered; when that status has no list of the
 *   role (e.g. an agent's REVIEWED passport), the first list opens filtered and a notice says where
 *   the match stands.
 * The matching passport's file opens over the list (`?passport={id}`), so its whole story is at hand.
 * If the look-up itself fails, the list opens filtered anyway (the HTTP client has reported the failure).
 */
export function usePassportSearch(role: Role | undefined) {
  const navigate = useNavigate();
  const getDataProvider = useDataProvider();
  const resources = useResourceDeclarations();
  const { notification } = App.useApp();
  const [searching, setSearching] = useState(false);

  const search = async (text: string) => {
    const query = classifySearch(text);
    if (!query || !role) return;
    const { everyStatus, byStatus } = searchTargets(resources, role);
    const lookIn = everyStatus ?? byStatus[0];
    if (!lookIn?.api.list) return;

    setSearching(true);
    let lookedUp = false;
    let match: Passport | undefined;
    try {
      const { data } = await getDataProvider().getList<Passport>({
        resource: lookIn.identifier,
        pagination: { currentPage: 1, pageSize: 1, mode: "server" },
        filters: [{ field: query.key, operator: "eq", value: query.value }],
        // The list's path without its fixed status, so a passport of any status is found.
        meta: { api: { list: { path: lookIn.api.list.path } } },
      });
      lookedUp = true;
      match = data[0];
    } catch {
      // Opens the list filtered below.
    } finally {
      setSearching(false);
    }
    if (lookedUp && !match) {
      notification.info({ message: noPassportFound(query.value), key: "passport-search" });
      return;
    }
    if (everyStatus) return navigate(searchUrl(everyStatus, query, match?.id));

    const status = match?.isSuperAdminApproved;
    const target = byStatus.find((r) => showsStatus(r, status));
    if (status && !target) {
      notification.info({ message: t("passportSearch.notInLists", { status: statusText(status) }), key: "passport-search" });
    }
    navigate(searchUrl(target ?? lookIn, query, match?.id));
  };

  return { search, searching };
}
