/**
 * antd's pager in the chosen language's digits (issue 28): antd's bn_BD locale translates its words
 * but writes page numbers and page sizes in Latin digits. Spread into a table's or a list's pagination.
 */
import type { PaginationProps } from "antd";
import { useTranslation } from "react-i18next";
import { PAGE_SIZES } from "../../contract";
import { useFormat } from "../../i18n/useFormat";

export interface LocalPagerOptions {
  /** Whether the page sizes are offered (true unless said otherwise, as on the passport tables). */
  showSizeChanger?: boolean;
  /** The page sizes offered: spec §9's by default. */
  sizes?: readonly number[];
}

export function useLocalPager({ showSizeChanger = true, sizes = PAGE_SIZES }: LocalPagerOptions = {}): Pick<PaginationProps, "itemRender" | "showSizeChanger"> {
  const { t } = useTranslation();
  const { language, count } = useFormat();
  if (language === "en") return { showSizeChanger };
  return {
    itemRender: (page, type, element) => (type === "page" ? <a rel="nofollow">{count(page)}</a> : element),
    showSizeChanger: showSizeChanger && { options: sizes.map((size) => ({ value: size, label: t("passportTable.perPage", { size: count(size) }) })) },
  };
}
