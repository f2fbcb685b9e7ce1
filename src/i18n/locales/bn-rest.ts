/** The Bengali texts of the signed-in screens: every file of ./bn/ but those of ./bn-start.ts, fetched when a signed-in screen starts. */
import { catalogOf } from "./catalog-of";

export default catalogOf(
  import.meta.glob<Record<string, unknown>>(["./bn/*.json", "!./bn/{signIn,common,session,shell,errors,validation}.json"], { eager: true, import: "default" }),
);
