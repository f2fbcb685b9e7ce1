import { Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Role } from "../../contract";
import { usePassportSearch } from "./usePassportSearch";

/** The top-bar Search box: passports by name, passport number or phone, within the role's lists. */
export function PassportSearchBox({ role, autoFocus }: { role: Role | undefined; autoFocus?: boolean }) {
  const { search, searching } = usePassportSearch(role);
  const { t } = useTranslation();
  const [text, setText] = useState("");
  return (
    <Input.Search
      placeholder={t("passportSearch.placeholder")}
      aria-label={t("passportSearch.label")}
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(value, _event, info) => {
        if (info?.source === "clear") return;
        void search(value);
      }}
      loading={searching}
      autoFocus={autoFocus}
      style={{ width: 240 }}
    />
  );
}
