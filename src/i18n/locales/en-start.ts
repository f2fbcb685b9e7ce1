/**
 * The English texts the sign-in page and the start-up show: fetched first, on their own (the sign-in
 * page's download stays small). The same groups as ./en-rest.ts leaves out, and as the other language's.
 */
import { catalogOf } from "./catalog-of";

export default catalogOf(import.meta.glob<Record<string, unknown>>("./en/{signIn,common,session,shell,errors,validation}.json", { eager: true, import: "default" }));
