import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { useEffect } from "react";
import { ANTD_CSP } from "./csp";
import { AntdLocale } from "./i18n/LanguageProvider";
import { SIGNED_IN_THEME } from "./components/layout/role-theme";
import { NotifierBridge } from "./components/NotifierBridge";
import { ResourcesProvider } from "./components/resource-context";
import { accessControlProvider, authProvider, dataProvider, liveProvider, queryClient, restDataProvider } from "./providers";
import { i18nProvider } from "./providers/i18n-provider";
import { NOTIFICATION_OPTIONS } from "./providers/notification-area";
import { useNotificationProvider } from "./providers/notification-provider";
import { RESOURCES } from "./resources";
import { REST_DATA_PROVIDER } from "./resources/declared-screens";
import { toRefineResources } from "./resources/derive";
import { AppRoutes } from "./routes/AppRoutes";
import { registerServiceWorker } from "./sw/register";

const refineResources = toRefineResources(RESOURCES);
/** The spec's envelope endpoints by default; the declared resources' REST dialect by name. */
const dataProviders = { default: dataProvider, [REST_DATA_PROVIDER]: restDataProvider };

function AppNotifier() {
  const { notification } = AntdApp.useApp();
  return <NotifierBridge notification={notification} />;
}

/**
 * Everything but the sign-in screen: antd's <App>, Refine and its providers, and the routes derived
 * from the resources. The one place the React tree is handed the registry: Refine's resources and,
 * for components and pages, src/components/resource-context.tsx. Its own chunk, so the sign-in
 * screen downloads none of it.
 */
export default function SignedInApp() {
  useEffect(registerServiceWorker, []);
  return (
    <ConfigProvider theme={SIGNED_IN_THEME} csp={ANTD_CSP}>
      <AntdLocale>
        <AntdApp notification={NOTIFICATION_OPTIONS}>
          <AppNotifier />
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProviders}
            authProvider={authProvider}
            liveProvider={liveProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nProvider}
            notificationProvider={useNotificationProvider}
            resources={refineResources}
            options={{
              reactQuery: { clientConfig: queryClient },
              disableTelemetry: true,
              // No hook refetches by itself on an event: the lists and the Overview decide (docs/live-app.md).
              liveMode: "manual",
              syncWithLocation: false,
              warnWhenUnsavedChanges: false,
            }}
          >
            <ResourcesProvider resources={RESOURCES}>
              <AppRoutes />
            </ResourcesProvider>
          </Refine>
        </AntdApp>
      </AntdLocale>
    </ConfigProvider>
  );
}
