import { CanAccess } from "@refinedev/core";
import { type ReactNode, useEffect } from "react";
import { Navigate } from "react-router";
import { endSession, sessionStore } from "../providers";
import { useSession } from "../session/useSession";

/**
 * Guarded routes without a token go to /signin (spec §2). A session that was just ended for lack of
 * a permitted role goes to / instead.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { token } = useSession();
  if (!token) {
    const to = sessionStore.lastEndReason() === "not-permitted" ? "/" : "/signin";
    return <Navigate to={to} replace />;
  }
  return <>{children}</>;
}

/** Spec §2: a token without a permitted role clears the session and the user goes to /. */
function EndSessionNotPermitted() {
  useEffect(() => endSession("not-permitted"), []);
  return null;
}

/** Renders `children` only when the access control provider allows `action` on `resource`. */
export function RequireAccess({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action={action} fallback={<EndSessionNotPermitted />}>
      {children}
    </CanAccess>
  );
}
