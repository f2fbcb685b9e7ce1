import { useTranslation } from "react-i18next";
import { Busy } from "./Busy";

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div style={{ display: "flex", justifyContent: "center", padding: 48 }}>
      <Busy size="large" label={t("shell.loading")} />
    </div>
  );
}
