import ConfigProvider from "antd/es/config-provider";
import notification from "antd/es/notification";
import { NOTIFICATION_OPTIONS, NOTIFICATION_TOKENS } from "../providers/notification-area";
import { NotifierBridge } from "./NotifierBridge";

/**
 * The notification area on the sign-in screen, loaded once the form is on screen: antd's notifications
 * alone, without the rest of antd's <App> (modals, messages) that the signed-in app brings.
 */
export default function ToastHost() {
  const [api, holder] = notification.useNotification(NOTIFICATION_OPTIONS);
  return (
    <ConfigProvider theme={{ components: NOTIFICATION_TOKENS }}>
      {holder}
      <NotifierBridge notification={api} />
    </ConfigProvider>
  );
}
