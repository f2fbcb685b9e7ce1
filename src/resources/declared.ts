import { demandLetters } from "./demand-letters";
import { employers } from "./employers";
import type { AnyDataResource } from "./model";
import { slotNumbers } from "./slot-numbers";

/**
 * Every declared resource (issue 26): the server builds its table types, API, access, history and
 * OpenAPI from these, the app its routes, menus and screens. Add one by declaring it in its own file
 * and listing it here.
 */
export const DECLARED_RESOURCES = [employers, demandLetters, slotNumbers] as const satisfies readonly AnyDataResource[];
