import { CanAccess } from "@refinedev/core";
import { type ReactNode, useEffect, useState } from "react";
import { Navigate } from "react-router";
import type { Role } from "../contract";
import { endSession, sessionStore } from "../providers";
import { canReachDashboard } from "../providers/access-control";
import { useSession } from "../session/useSession";

/**
 * Where a guarded route without a token sends the user: / right after the session was ended for
 * lack of a permitted role, /signin otherwise (spec §2). The reason counts for that one redirect
 * only; a later visit (e.g. with Back) goes to /signin.
 */
function RedirectWithoutSession() {
  // Read once per mount and forgotten in an effect, so StrictMode's second render agrees with the first.
  const [to] = useState(() => (sessionStore.lastEndReason() === "not-permitted" ? "/" : "/signin"));
  useEffect(() => sessionStore.forgetEndReason(), []);
  return <Navigate to={to} replace />;
}

export function RequireSession({ children }: { children: ReactNode }) {
  const { token } = useSession();
  if (!token) return <RedirectWithoutSession />;
  return <>{children}</>;
}

/** Spec §2: a token without a permitted role clears the session and the user goes to /. */
function EndSessionNotPermitted() {
  useEffect(() => endSession("not-permitted"), []);
  return null;
}

/**
 * A dashboard opens only for its role (spec §2, §6). Checked synchronously around the dashboard's
 * layout, so a user without the role never sees that dashboard's frame, menu or 404, whatever the path below it.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { user } = useSession();
  if (!canReachDashboard(user?.roles ?? [], role)) return <EndSessionNotPermitted />;
  return <>{children}</>;
}

/** Renders `children` only when the access control provider allows `action` on `resource`. */
export function RequireAccess({ resource, action, children }: { resource: string; action: string; children: ReactNode }) {
  return (
    <CanAccess resource={resource} action={action} fallback={<EndSessionNotPermitted />}>
      {children}
    </CanAccess>
  );
}
