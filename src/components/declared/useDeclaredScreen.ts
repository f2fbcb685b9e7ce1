import { useCan } from "@refinedev/core";
import type { AnyDataResource } from "../../resources/model/resource";
import type { ResourceDeclaration } from "../../resources/types";
import { useCurrentResource } from "../resource-context";

/** A dashboard's screens of a declared resource (src/resources/declared-screens.ts). */
export type DeclaredScreen = ResourceDeclaration & { data: AnyDataResource };

/** The declared resource whose page is on screen. */
export function useDeclaredScreen(): DeclaredScreen {
  const screen = useCurrentResource();
  if (!screen.data) throw new Error(`Resource ${screen.identifier} is not a declared resource`);
  return screen as DeclaredScreen;
}

/** What the signed-in role may do on the screen's records, as the access control provider answers it. */
export function useRecordPermissions(screen: DeclaredScreen) {
  const resource = screen.identifier;
  const show = useCan({ resource, action: "show" }).data?.can ?? false;
  const create = useCan({ resource, action: "create" }).data?.can ?? false;
  const edit = useCan({ resource, action: "edit" }).data?.can ?? false;
  const remove = useCan({ resource, action: "delete" }).data?.can ?? false;
  return { show: show && Boolean(screen.pages.show), create, edit, delete: remove };
}
