/** What a passport list says under its toolbar while no filter is set (also drawn by the first screen). */
export const NO_FILTERS_HINT = "No filters applied. Use the filter icons in the table headers to refine your search.";
