import { useCan } from "@refinedev/core";
import { Button, Space } from "antd";
import { ProgressFlag } from "../../../components/display";
import { ACTION_MESSAGES, ConfirmPassportAction, usePassportAction } from "../../../components/passport-actions";
import { PassportTable, type PassportColumn, PASSPORT_COLUMNS } from "../../../components/passport-table";
import { WORK_PERMIT_STATUS_URL } from "../../../config";
import { DATE_UPDATES, fillPath, MILESTONES, type Passport, PATHS } from "../../../contract";
import type { PassportColumnId } from "../../../resources/passport-columns";
import type { ReactNode } from "react";
import { useCurrentResource } from "../../../resources/current-resource";
import { DateCell } from "./DateCell";
import { MilestoneSwitch } from "./MilestoneSwitch";

const render = (cell: (passport: Passport) => ReactNode): Partial<PassportColumn> => ({
  render: (_value: unknown, passport: Passport) => cell(passport),
});

/**
 * Spec §2 Work Permit Submission: REVIEWED passports with milestone toggles, clearable visa and flight
 * dates, read-only remaining days, and "Mark as Done". Every change refetches the list in place.
 */
export default function WorkPermitPage() {
  const resource = useCurrentResource();
  const { data: canProgress } = useCan({ resource: resource.identifier, action: "progress" });
  const { data: canComplete } = useCan({ resource: resource.identifier, action: "complete" });
  const { run, busy } = usePassportAction();

  const overrides: Partial<Record<PassportColumnId, Partial<PassportColumn>>> = {};
  if (canProgress?.can) {
    for (const milestone of MILESTONES) {
      overrides[milestone.field] = render((passport) => <MilestoneSwitch passport={passport} milestone={milestone} />);
    }
    for (const update of DATE_UPDATES) {
      const label = PASSPORT_COLUMNS[update.field].title;
      overrides[update.field] = render((passport) => <DateCell passport={passport} update={update} label={label} />);
    }
  }
  const workPermit = MILESTONES[0];
  overrides[workPermit.field] = render((passport) => (
    <Space size={8} wrap={false}>
      {canProgress?.can ? <MilestoneSwitch passport={passport} milestone={workPermit} /> : <ProgressFlag done={passport[workPermit.field]} />}
      <a href={WORK_PERMIT_STATUS_URL} target="_blank" rel="noopener noreferrer">
        Check status
      </a>
    </Space>
  ));

  return (
    <>
      <PassportTable
        columnOverrides={overrides}
        extraColumns={({ removeRow }) =>
          canComplete?.can
            ? [
                {
                  key: "complete",
                  title: "Action",
                  render: (_: unknown, passport: Passport) => (
                    <ConfirmPassportAction
                      title="Are you sure you want to mark this passport as done?"
                      passport={passport}
                      onConfirm={async () => {
                        const done = await run({ url: fillPath(PATHS.completePassport, { id: passport.id }) }, ACTION_MESSAGES.complete);
                        if (done) removeRow(passport.id);
                      }}
                    >
                      <Button type="primary" size="small" disabled={busy} aria-label={`Mark as Done ${passport.fullName}`}>
                        Mark as Done
                      </Button>
                    </ConfirmPassportAction>
                  ),
                },
              ]
            : []
        }
      />
    </>
  );
}
