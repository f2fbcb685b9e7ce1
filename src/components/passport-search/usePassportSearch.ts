import { useDataProvider } from "@refinedev/core";
import { App } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Passport, Role } from "../../contract";
import { classifySearch, fixedStatusOf, searchTargets, searchUrl } from "./search-rule";

/**
 * The top-bar search (spec §2 leaves it inert; issue 5 makes it work). The text is read as a phone,
 * passport number or name (classifySearch), then:
 * - a role with a list of every status (super admin: Application History) opens that list filtered;
 * - otherwise the first matching passport is looked up through the role's own status lists' endpoint
 *   without the status, and the list of that passport's status opens filtered; when nothing matches,
 *   or the status has no list of the role (e.g. an agent's REVIEWED passport), the first list opens
 *   filtered, and a notice says where the match stands.
 */
export function usePassportSearch(role: Role | undefined) {
  const navigate = useNavigate();
  const getDataProvider = useDataProvider();
  const { notification } = App.useApp();
  const [searching, setSearching] = useState(false);

  const search = async (text: string) => {
    const query = classifySearch(text);
    if (!query || !role) return;
    const { everyStatus, byStatus } = searchTargets(role);
    if (everyStatus) return navigate(searchUrl(everyStatus, query));
    const [first] = byStatus;
    if (!first?.api.list) return;

    setSearching(true);
    let status: string | undefined;
    try {
      const { data } = await getDataProvider().getList<Passport>({
        resource: first.identifier,
        pagination: { currentPage: 1, pageSize: 1, mode: "server" },
        filters: [{ field: query.key, operator: "eq", value: query.value }],
        meta: { api: { list: { path: first.api.list.path } } },
      });
      status = data[0]?.isSuperAdminApproved;
    } catch {
      // The first list still opens filtered; the HTTP client has reported transport failures.
    } finally {
      setSearching(false);
    }
    const target = byStatus.find((r) => fixedStatusOf(r) === status);
    if (status && !target) {
      notification.info({ message: `The matching passport is ${status}; it is not in your lists.` });
    }
    navigate(searchUrl(target ?? first, query));
  };

  return { search, searching };
}
