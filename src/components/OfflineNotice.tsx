import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

/** The notice in English (shell.offline shows it in the user's language). */
export const OFFLINE_NOTICE = "You are offline. The app keeps what it has on screen; lists load again when the connection returns.";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

const isOnline = () => navigator.onLine;

/**
 * A line across the top of every screen while the browser has no network (issue 13). Lists waiting
 * for the network are fetched when it returns (react-query resumes them), and the line goes away.
 */
export function OfflineNotice() {
  const online = useSyncExternalStore(subscribe, isOnline, () => true);
  const { t } = useTranslation();
  if (online) return null;
  return (
    <div
      role="status"
      style={{
        position: "sticky",
        top: 0,
        zIndex: 1000,
        padding: "8px 16px",
        background: "#fffbe6",
        borderBottom: "1px solid #ffe58f",
        color: "rgba(0, 0, 0, 0.88)",
        fontSize: 14,
        textAlign: "center",
      }}
    >
      {t("shell.offline")}
    </div>
  );
}
