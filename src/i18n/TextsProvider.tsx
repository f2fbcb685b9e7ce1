/** react-i18next's provider of the app's texts (issue 28), around every screen, the sign-in page included. */
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "./i18n";

export function TextsProvider({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
