import { PAGE_SIZES } from "../../contract";
import { t } from "../../i18n/i18n";
import { localNumber } from "./words";

/** Footer of every passport table: "Showing 11–20 of 57 items" (en dash), in the chosen language and its digits. */
export function tableFooterText(range: readonly [number, number], total: number): string {
  return t("passportTable.footer", { from: localNumber(range[0]), to: localNumber(range[1]), total: localNumber(total) });
}

/** Drop-in for antd's `pagination.showTotal`, whose arguments come in the other order. */
export function showTotal(total: number, range: [number, number]): string {
  return tableFooterText(range, total);
}

/** Serial number of a row: `index` is the row's place on the page (0-based), `currentPage` is 1-based. */
export function serialNumber(index: number, currentPage: number, pageSize: number): number {
  return (currentPage - 1) * pageSize + index + 1;
}

/** antd's `pagination.pageSizeOptions` (spec §9: 10, 20, 50, 100). */
export const PAGE_SIZE_OPTIONS = PAGE_SIZES.map(String);
