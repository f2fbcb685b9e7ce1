export { cleanFilters, type FilterValues, type RawFilterValue } from "./clean-filters";
export { FILTER_DEBOUNCE_MS, useDebouncedValue } from "./useDebouncedValue";
export { useDebouncedFilters } from "./useDebouncedFilters";
export { passportFilterLabel, passportFilterValue } from "./labels";
export { FilterChips, type FilterChipsProps } from "./FilterChips";
export { columnSearchProps, type FilterEditor, type FilterEditorProps } from "./columnSearchProps";
export { AgentFilter, type AgentFilterProps } from "./AgentFilter";
