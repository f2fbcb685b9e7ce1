import { Switch, theme } from "antd";
import { useState } from "react";
import { fillPath, MILESTONES, milestoneRefusal, type Passport, PATHS } from "../../../contract";
import { ACTION_MESSAGES, usePassportAction, WithReason } from "../../../components/passport-actions";
import { useCurrentListQuery } from "../../../components/passport-actions/usePassportAction";

type Milestone = (typeof MILESTONES)[number];

/**
 * One progress flag as a toggle: PUT /api/passport/{id}/{segment}/{true|false} with the list's page,
 * size and filters (spec §4, §7). Reads "Done" in green or "Processing" in red, like ProgressFlag.
 * A change the workflow rules forbid (e.g. Visa Granted before Visa Applied) is disabled, with the reason.
 */
export function MilestoneSwitch({ passport, milestone }: { passport: Passport; milestone: Milestone }) {
  const { run, busy } = usePassportAction();
  const listQuery = useCurrentListQuery();
  const { token } = theme.useToken();
  const listed = Boolean(passport[milestone.field]);

  // The new value shows at once and, once accepted, stays (as the server answered it) until the
  // refetched list differs from the value changed from; a failed call puts the listed value back.
  const [change, setChange] = useState<{ to: boolean; from: boolean }>();
  if (change && change.from !== listed) setChange(undefined);
  const checked = change ? change.to : listed;
  const refusal = change ? undefined : milestoneRefusal(passport, milestone.field, !checked);

  const toggle = async (next: boolean) => {
    setChange({ to: next, from: listed });
    const url = fillPath(PATHS.milestone, { id: passport.id, segment: milestone.segment, status: next });
    const done = await run({ url, query: listQuery }, ACTION_MESSAGES.progress);
    setChange(done ? { to: done.passport ? Boolean(done.passport[milestone.field]) : next, from: listed } : undefined);
  };

  return (
    <WithReason reason={refusal}>
      <Switch
        checked={checked}
        disabled={refusal !== undefined}
        loading={busy}
        checkedChildren="Done"
        unCheckedChildren="Processing"
        aria-label={`${milestone.label} for ${passport.fullName}`}
        onChange={toggle}
        style={{ backgroundColor: checked ? token.green : token.red }}
      />
    </WithReason>
  );
}
