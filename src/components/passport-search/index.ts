export { PassportSearchBox } from "./PassportSearchBox";
export { noPassportFound, usePassportSearch } from "./usePassportSearch";
export { classifySearch, localPhoneNumber, searchTargets, searchUrl, showsStatus, type SearchQuery } from "./search-rule";
