import { Tooltip } from "antd";
import type { ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { refusalText } from "./refusal-text";

/**
 * A step that is offered but not allowed now (docs/access.md "Workflow rules"): the control, already
 * disabled by its caller, shows why in a tooltip, on hover and on keyboard focus, before any call.
 */
export function WithReason({ reason: english, children }: { reason: string | undefined; children: ReactElement }) {
  useTranslation(); // drawn again when the language changes
  if (!english) return children;
  const reason = refusalText(english);
  return (
    <Tooltip title={reason}>
      <span tabIndex={0} aria-description={reason} style={{ display: "inline-block", cursor: "not-allowed" }}>
        {children}
      </span>
    </Tooltip>
  );
}
