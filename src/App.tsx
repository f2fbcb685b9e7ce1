import ConfigProvider from "antd/es/config-provider";
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { dismissFirstScreen } from "./first-screen/gate";
import { BASE_TOKENS } from "./components/layout/role-theme";
import { OfflineNotice } from "./components/OfflineNotice";
import { PageSpinner } from "./components/PageSpinner";
import { cspNonce } from "./csp";
import { loadAntdLocale } from "./i18n/antd-locale";
import { currentLanguage, loadAllTexts } from "./i18n/i18n";
import { TextsProvider } from "./i18n/LanguageProvider";
import { notificationRegion } from "./providers/notification-area";
import { SIGN_IN_PATHS } from "./session/landing";
import SignInPage from "./pages/sign-in/SignInPage";

// With every screen's texts and antd's in the chosen language (the sign-in page fetched only its own).
const SignedInApp = lazy(() => Promise.all([import("./SignedInApp"), loadAllTexts(), loadAntdLocale(currentLanguage())]).then(([app]) => app));

/** The first screen (src/first-screen) pictures the screen the app started on: any other takes it away. */
function useFirstScreenUntilNavigation() {
  const { key } = useLocation();
  const startKey = useRef(key);
  useLayoutEffect(() => {
    if (key !== startKey.current) dismissFirstScreen();
  }, [key]);
}

/** Colours at WCAG AA (role-theme.ts), for every screen; the signed-in app adds its components' tokens. */
const theme = { token: BASE_TOKENS };

/** antd's documented way to put the CSP nonce on its style elements (src/csp.ts covers the rest). */
const csp = cspNonce ? { nonce: cspNonce } : undefined;

/**
 * The routes of spec §2. The sign-in screen is part of the first download and needs nothing else;
 * every other route is the signed-in app, a chunk of its own (src/SignedInApp.tsx). The router around
 * it is the caller's (BrowserRouter here, MemoryRouter in tests).
 */
export function AppShell() {
  // The notification area is there from the start, before any screen's notifications load (spec §9).
  useEffect(() => void notificationRegion(), []);
  useFirstScreenUntilNavigation();
  return (
    <ConfigProvider theme={theme} csp={csp}>
      <TextsProvider>
        <OfflineNotice />
        <Routes>
          {SIGN_IN_PATHS.map((path) => (
            <Route key={path} path={path} element={<SignInPage />} />
          ))}
          <Route
            path="*"
            element={
              <Suspense fallback={<PageSpinner />}>
                <SignedInApp />
              </Suspense>
            }
          />
        </Routes>
      </TextsProvider>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
