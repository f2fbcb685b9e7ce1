export { PassportSearchBox } from "./PassportSearchBox";
export { usePassportSearch } from "./usePassportSearch";
export { classifySearch, searchTargets, searchUrl, type SearchQuery } from "./search-rule";
