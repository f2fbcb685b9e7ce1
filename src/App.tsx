import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from "react";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { dismissFirstScreen } from "./first-screen/gate";
import { OfflineNotice } from "./components/OfflineNotice";
import { LightSpinner } from "./components/LightSpinner";
import { currentLanguage, loadAllTexts } from "./i18n/i18n";
import { TextsProvider } from "./i18n/TextsProvider";
import { notificationRegion } from "./providers/notification-area";
import { SIGN_IN_PATHS } from "./session/landing";
import SignInPage from "./pages/sign-in/SignInPage";

// With every screen's texts and antd's in the chosen language (the sign-in page fetched only its own).
const SignedInApp = lazy(() =>
  Promise.all([import("./SignedInApp"), loadAllTexts(), import("./i18n/antd-locale").then(({ loadAntdLocale }) => loadAntdLocale(currentLanguage()))]).then(([app]) => app),
);

/** The first screen (src/first-screen) pictures the screen the app started on: any other takes it away. */
function useFirstScreenUntilNavigation() {
  const { key } = useLocation();
  const startKey = useRef(key);
  useLayoutEffect(() => {
    if (key !== startKey.current) dismissFirstScreen();
  }, [key]);
}

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
    <TextsProvider>
      <OfflineNotice />
      <Routes>
        {SIGN_IN_PATHS.map((path) => (
          <Route key={path} path={path} element={<SignInPage />} />
        ))}
        <Route
          path="*"
          element={
            <Suspense fallback={<LightSpinner />}>
              <SignedInApp />
            </Suspense>
          }
        />
      </Routes>
    </TextsProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppShell />
    </BrowserRouter>
  );
}
