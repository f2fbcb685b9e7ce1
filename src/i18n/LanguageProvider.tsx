/**
 * The chosen language for the React tree (issue 28): react-i18next's provider, and antd's locale
 * following the language. Every screen is under it, the sign-in page included.
 */
import ConfigProvider from "antd/es/config-provider";
import { type ReactNode, useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { loadAntdLocale, loadedAntdLocale } from "./antd-locale";
import { currentLanguage, i18n, onLanguageChange } from "./i18n";

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [antdLocale, setAntdLocale] = useState(() => loadedAntdLocale(currentLanguage()));
  useEffect(() => {
    const follow = () => void loadAntdLocale(currentLanguage()).then(setAntdLocale);
    follow();
    return onLanguageChange(follow);
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocale}>{children}</ConfigProvider>
    </I18nextProvider>
  );
}
