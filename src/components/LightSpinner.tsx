/**
 * The page spinner (PageSpinner's look) without antd: shown while the signed-in app's code arrives,
 * from the start-up's chunks, which carry no antd (the sign-in page's download stays small).
 */
import LoadingOutlined from "@ant-design/icons-svg/es/asn/LoadingOutlined";
import { useTranslation } from "react-i18next";
import styles from "./LightSpinner.module.css";
import { SvgIcon } from "./SvgIcon";

export function LightSpinner() {
  const { t } = useTranslation();
  return (
    <div className={styles.holder} role="status" aria-label={t("shell.loading")}>
      <SvgIcon definition={LoadingOutlined} className={styles.spin} />
    </div>
  );
}
