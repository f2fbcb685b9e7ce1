import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { BrowserRouter } from "react-router";
import { NotifierBridge } from "./components/NotifierBridge";
import { NOTIFICATION_DURATION_SECONDS, NOTIFICATION_MAX_COUNT } from "./config";
import { accessControlProvider, authProvider, dataProvider, queryClient } from "./providers";
import { useNotificationProvider } from "./providers/notification-provider";
import { toRefineResources } from "./resources/derive";
import { AppRoutes } from "./routes/AppRoutes";

const resources = toRefineResources();

/** Providers and routes; the router around it is the caller's (BrowserRouter here, MemoryRouter in tests). */
export function AppShell() {
  return (
    <ConfigProvider>
      {/* Spec §2/§9: notifications top centre, at most 3 visible, 4000 ms. */}
      <AntdApp notification={{ placement: "top", maxCount: NOTIFICATION_MAX_COUNT, duration: NOTIFICATION_DURATION_SECONDS }}>
        <NotifierBridge />
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          notificationProvider={useNotificationProvider}
          resources={resources}
          options={{
            reactQuery: { clientConfig: queryClient },
            disableTelemetry: true,
            syncWithLocation: false,
            warnWhenUnsavedChanges: false,
          }}
        >
          <AppRoutes />
        </Refine>
      </AntdApp>
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
