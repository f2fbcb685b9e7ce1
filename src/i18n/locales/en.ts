/** The English texts: every file of ./en/, each a group of keys named by its file ("signIn.json" → signIn.*). */
import { catalogOf } from "./catalog-of";

export default catalogOf(import.meta.glob<Record<string, unknown>>("./en/*.json", { eager: true, import: "default" }));
