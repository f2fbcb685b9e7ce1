import { Switch } from "antd";
import { useState } from "react";
import { fillPath, MILESTONES, type Passport, PATHS } from "../../../contract";
import { ACTION_MESSAGES, usePassportAction } from "../../../components/passport-actions";

type Milestone = (typeof MILESTONES)[number];

/** One progress flag as a toggle: PUT /api/passport/{id}/{segment}/{true|false} (spec §4, §7). */
export function MilestoneSwitch({ passport, milestone }: { passport: Passport; milestone: Milestone }) {
  const { run, busy } = usePassportAction();
  // Shown at once; the refetched list then confirms it (or puts it back when the call failed).
  const [optimistic, setOptimistic] = useState<boolean | undefined>();
  const checked = optimistic ?? Boolean(passport[milestone.field]);

  const toggle = async (next: boolean) => {
    setOptimistic(next);
    await run({ url: fillPath(PATHS.milestone, { id: passport.id, segment: milestone.segment, status: next }) }, ACTION_MESSAGES.progress);
    setOptimistic(undefined);
  };

  return (
    <Switch
      checked={checked}
      loading={busy}
      checkedChildren="Done"
      unCheckedChildren="Processing"
      aria-label={`${milestone.label} for ${passport.fullName}`}
      onChange={toggle}
    />
  );
}
