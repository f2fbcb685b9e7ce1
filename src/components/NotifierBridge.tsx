import { App } from "antd";
import { useEffect } from "react";
import { focusNewestNotification, isNotificationHotkey } from "../providers/notification-area";
import { setNotificationInstance } from "../providers/notifier";

/** Hands antd's themed notification instance to code outside React, and answers Alt+T (spec §9). */
export function NotifierBridge() {
  const { notification } = App.useApp();
  useEffect(() => {
    setNotificationInstance(notification);
    return () => setNotificationInstance(undefined);
  }, [notification]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isNotificationHotkey(event)) return;
      event.preventDefault();
      focusNewestNotification();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
  return null;
}
