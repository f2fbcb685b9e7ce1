import { Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { BrowserRouter } from "react-router";
import { BASE_TOKENS, SELECT_TOKENS, TAG_TOKENS } from "./components/layout/role-theme";
import { NotifierBridge } from "./components/NotifierBridge";
import { cspNonce } from "./csp";
import {
  NOTIFICATION_DURATION_SECONDS,
  NOTIFICATION_GAP_PX,
  NOTIFICATION_MAX_COUNT,
  NOTIFICATION_OFFSET_PX,
  NOTIFICATION_WIDTH_PX,
} from "./config";
import { accessControlProvider, authProvider, dataProvider, queryClient } from "./providers";
import { notificationRegion } from "./providers/notification-area";
import { useNotificationProvider } from "./providers/notification-provider";
import { toRefineResources } from "./resources/derive";
import { AppRoutes } from "./routes/AppRoutes";

const resources = toRefineResources();

/** Colours at WCAG AA (role-theme.ts); toasts' width and the space between them (antd spaces notices by its `margin` token). */
const theme = {
  token: BASE_TOKENS,
  components: { Notification: { width: NOTIFICATION_WIDTH_PX, margin: NOTIFICATION_GAP_PX }, Tag: TAG_TOKENS, Select: SELECT_TOKENS },
};

/** antd's documented way to put the CSP nonce on its style elements (src/csp.ts covers the rest). */
const csp = cspNonce ? { nonce: cspNonce } : undefined;

/**
 * Spec §2/§8/§9 notification area: top centre, 32 px down, at most 3 visible, 4000 ms, inside the
 * region labelled "Notifications". Unstacked, so every visible toast shows in full with the gap
 * between them (antd's stack overlaps them and spaces them by the global margin).
 */
const notificationConfig = {
  placement: "top",
  top: NOTIFICATION_OFFSET_PX,
  maxCount: NOTIFICATION_MAX_COUNT,
  duration: NOTIFICATION_DURATION_SECONDS,
  stack: false,
  getContainer: notificationRegion,
} as const;

/** Providers and routes; the router around it is the caller's (BrowserRouter here, MemoryRouter in tests). */
export function AppShell() {
  return (
    <ConfigProvider theme={theme} csp={csp}>
      <AntdApp notification={notificationConfig}>
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
