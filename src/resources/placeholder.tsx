import type { PageLoader } from "./types";

/**
 * A stand-in for a screen still to be built: it shows the screen's name. A resource declares
 * `page: placeholder("Pending Passports")` until its real page replaces it with
 * `page: () => import("../pages/...")`.
 */
export function placeholder(title: string): PageLoader {
  return () =>
    import("../pages/PlaceholderPage").then(({ PlaceholderPage }) => ({
      default: () => <PlaceholderPage title={title} />,
    }));
}
