import { Tooltip } from "antd";
import type { ReactElement } from "react";

/**
 * A step that is offered but not allowed now (docs/access.md "Workflow rules"): the control, already
 * disabled by its caller, shows why in a tooltip, on hover and on keyboard focus, before any call.
 */
export function WithReason({ reason, children }: { reason: string | undefined; children: ReactElement }) {
  if (!reason) return children;
  return (
    <Tooltip title={reason}>
      <span tabIndex={0} aria-description={reason} style={{ display: "inline-block", cursor: "not-allowed" }}>
        {children}
      </span>
    </Tooltip>
  );
}
