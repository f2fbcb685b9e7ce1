import { Space, Switch } from "antd";
import { ProgressFlag } from "../../../components/display";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fillPath, MILESTONES, milestoneRefusal, type Passport, PATHS } from "../../../contract";
import { ACTION_MESSAGES, milestoneName, usePassportAction, WithReason } from "../../../components/passport-actions";
import { useCurrentListQuery } from "../../../components/passport-actions/usePassportAction";

type Milestone = (typeof MILESTONES)[number];

/** Green and red that carry the switch's white text at WCAG AA (5.6:1). */
export const SWITCH_COLOURS = { done: "#237804", processing: "#cf1322" } as const;

/**
 * One progress flag as a toggle: PUT /api/passport/{id}/{segment}/{true|false} with the list's page,
 * size and filters (spec §4, §7). Reads "Done" in green or "Processing" in red: the ProgressFlag beside it.
 * A change the workflow rules forbid (e.g. Visa Granted before Visa Applied) is disabled, with the reason.
 */
export function MilestoneSwitch({ passport, milestone }: { passport: Passport; milestone: Milestone }) {
  const { t } = useTranslation();
  const { run, busy } = usePassportAction();
  const name = milestoneName(milestone.field);
  const listQuery = useCurrentListQuery();
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
    // The server says what changed in English; other languages say it themselves.
    const translatedSuccess = t("milestones.statusUpdated", { milestone: name });
    const done = await run({ url, query: listQuery }, { ...ACTION_MESSAGES.progress, translatedSuccess });
    setChange(done ? { to: done.passport ? Boolean(done.passport[milestone.field]) : next, from: listed } : undefined);
  };

  // The word shows beside the switch rather than inside it: a switch holding both words (one hidden)
  // would have a name that does not match what is seen (WCAG 2.5.3).
  return (
    <Space size={4} wrap={false}>
      <WithReason reason={refusal}>
        <Switch
          checked={checked}
          disabled={refusal !== undefined}
          loading={busy}
          size="small"
          aria-label={t("milestones.switchFor", { milestone: name, name: passport.fullName })}
          onChange={toggle}
          style={{ backgroundColor: checked ? SWITCH_COLOURS.done : SWITCH_COLOURS.processing }}
        />
      </WithReason>
      <ProgressFlag done={checked} />
    </Space>
  );
}
