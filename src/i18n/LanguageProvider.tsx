/**
 * The chosen language for antd (issue 28), besides the texts (./TextsProvider.tsx). `AntdLocale`:
 * antd's own texts (pagination, pickers, empty states) following the language, around the signed-in
 * app only: the sign-in page draws no antd, so its download stays within 150 kB. `LanguageProvider`:
 * both, for a part of a screen drawn on its own (tests).
 */
import ConfigProvider from "antd/es/config-provider";
import { type ReactNode, useEffect, useState } from "react";
import { loadAntdLocale, loadedAntdLocale } from "./antd-locale";
import { currentLanguage, onLanguageChange } from "./i18n";
import { TextsProvider } from "./TextsProvider";

export function AntdLocale({ children }: { children: ReactNode }) {
  const [antdLocale, setAntdLocale] = useState(() => loadedAntdLocale(currentLanguage()));
  useEffect(() => {
    const follow = () => void loadAntdLocale(currentLanguage()).then(setAntdLocale);
    follow();
    return onLanguageChange(follow);
  }, []);
  return <ConfigProvider locale={antdLocale}>{children}</ConfigProvider>;
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  return (
    <TextsProvider>
      <AntdLocale>{children}</AntdLocale>
    </TextsProvider>
  );
}
