import { App } from "antd";
import { useEffect } from "react";
import { setNotificationInstance } from "../providers/notifier";

/** Hands antd's themed notification instance to code outside React. */
export function NotifierBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    setNotificationInstance(notification);
    return () => setNotificationInstance(undefined);
  }, [notification]);
  return null;
}
