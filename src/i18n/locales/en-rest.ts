/** The English texts of the signed-in screens: every file of ./en/ but those of ./en-start.ts, fetched when a signed-in screen starts. */
import { catalogOf } from "./catalog-of";

export default catalogOf(
  import.meta.glob<Record<string, unknown>>(["./en/*.json", "!./en/{signIn,common,session,shell,errors,validation}.json"], { eager: true, import: "default" }),
);
