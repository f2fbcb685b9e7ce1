/**
 * The chosen language for the React tree (issue 28). `TextsProvider`: react-i18next's provider, around
 * every screen, the sign-in page included. `AntdLocale`: antd's own texts (pagination, pickers, empty
 * states) following the language, around the signed-in app only: the sign-in page shows none of them,
 * so it never downloads antd's Bengali locale and dayjs. `LanguageProvider`: both, for a part of a
 * screen drawn on its own (tests).
 */
import ConfigProvider from "antd/es/config-provider";
import { type ReactNode, useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { loadAntdLocale, loadedAntdLocale } from "./antd-locale";
import { currentLanguage, i18n, onLanguageChange } from "./i18n";

export function TextsProvider({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

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
