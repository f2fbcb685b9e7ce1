import ConfigProvider from "antd/es/config-provider";
import notification from "antd/es/notification";
import { ANTD_CSP } from "../csp";
import { NOTIFICATION_OPTIONS, NOTIFICATION_TOKENS } from "../providers/notification-area";
import { BASE_TOKENS } from "./layout/role-theme";
import { NotifierBridge } from "./NotifierBridge";

/** The colours every screen shares (the sign-in page has no other ConfigProvider) and the toasts' own. */
const THEME = { token: BASE_TOKENS, components: NOTIFICATION_TOKENS };

/**
 * The notification area on the sign-in screen, loaded once the form is on screen: antd's notifications
 * alone, without the rest of antd's <App> (modals, messages) that the signed-in app brings.
 */
export default function ToastHost() {
  const [api, holder] = notification.useNotification(NOTIFICATION_OPTIONS);
  return (
    <ConfigProvider theme={THEME} csp={ANTD_CSP}>
      {holder}
      <NotifierBridge notification={api} />
    </ConfigProvider>
  );
}
