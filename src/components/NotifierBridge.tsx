import type { NotificationInstance } from "antd/es/notification/interface";
import { useEffect } from "react";
import { focusNewestNotification, isNotificationHotkey } from "../providers/notification-area";
import { releaseNotificationInstance, setNotificationInstance } from "../providers/notifier";

/** Hands a notification host's instance to code outside React, and answers Alt+T (spec §9). */
export function NotifierBridge({ notification }: { notification: NotificationInstance }) {
  useEffect(() => {
    setNotificationInstance(notification);
    return () => releaseNotificationInstance(notification);
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
