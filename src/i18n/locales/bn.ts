/** The Bengali texts: every file of ./bn/, each a group of keys named by its file ("signIn.json" → signIn.*). */
import { catalogOf } from "./catalog-of";

export default catalogOf(import.meta.glob<Record<string, unknown>>("./bn/*.json", { eager: true, import: "default" }));
