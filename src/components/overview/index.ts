export { OVERVIEW_QUERY_KEY, usePassportOverview } from "./usePassportOverview";
export { listLink } from "./list-links";
