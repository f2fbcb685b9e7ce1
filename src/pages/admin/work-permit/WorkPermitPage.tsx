import { useCan } from "@refinedev/core";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { ProgressFlag } from "../../../components/display";
import { ACTION_MESSAGES, ConfirmPassportAction, usePassportAction, WithReason } from "../../../components/passport-actions";
import { fieldLabel } from "../../../components/passport-file/event-text";
import { PassportTable, type PassportColumn } from "../../../components/passport-table";
import { WORK_PERMIT_STATUS_URL } from "../../../config";
import { completeRefusal, DATE_UPDATES, fillPath, MILESTONES, type Passport, PATHS } from "../../../contract";
import type { PassportColumnId } from "../../../resources/passport-columns";
import type { ReactNode } from "react";
import { useCurrentResource } from "../../../components/resource-context";
import { DateCell } from "./DateCell";
import { MilestoneSwitch } from "./MilestoneSwitch";

const render = (cell: (passport: Passport) => ReactNode): Partial<PassportColumn> => ({
  render: (_value: unknown, passport: Passport) => cell(passport),
});

/**
 * "Mark as Done" (after confirmation), offered only once every milestone is Done and the visa and
 * flight dates are set (docs/access.md "Workflow rules"); until then disabled, saying what is missing.
 */
function MarkAsDone({ passport, onDone }: { passport: Passport; onDone: () => void }) {
  const { t } = useTranslation();
  const { run, busy } = usePassportAction();
  const refusal = completeRefusal(passport);
  const button = (
    <Button type="primary" size="small" disabled={busy || refusal !== undefined} aria-label={t("adminPages.markAsDoneFor", { name: passport.fullName })}>
      {t("adminPages.markAsDone")}
    </Button>
  );
  if (refusal) return <WithReason reason={refusal}>{button}</WithReason>;
  return (
    <ConfirmPassportAction
      title={t("adminPages.confirmDone")}
      passport={passport}
      onConfirm={async () => {
        if (await run({ url: fillPath(PATHS.completePassport, { id: passport.id }) }, ACTION_MESSAGES.complete)) onDone();
      }}
    >
      {button}
    </ConfirmPassportAction>
  );
}

/**
 * Spec §2 Work Permit Submission: REVIEWED passports with milestone toggles, clearable visa and flight
 * dates, read-only remaining days, and "Mark as Done". Every change refetches the list in place.
 */
export default function WorkPermitPage() {
  const { t } = useTranslation();
  const resource = useCurrentResource();
  const { data: canProgress } = useCan({ resource: resource.identifier, action: "progress" });
  const { data: canComplete } = useCan({ resource: resource.identifier, action: "complete" });

  const overrides: Partial<Record<PassportColumnId, Partial<PassportColumn>>> = {};
  if (canProgress?.can) {
    for (const milestone of MILESTONES) {
      overrides[milestone.field] = render((passport) => <MilestoneSwitch passport={passport} milestone={milestone} />);
    }
    for (const update of DATE_UPDATES) {
      const label = fieldLabel(update.field);
      overrides[update.field] = render((passport) => <DateCell passport={passport} update={update} label={label} />);
    }
  }
  const workPermit = MILESTONES[0];
  overrides[workPermit.field] = render((passport) => (
    <Space size={8} wrap={false}>
      {canProgress?.can ? <MilestoneSwitch passport={passport} milestone={workPermit} /> : <ProgressFlag done={passport[workPermit.field]} />}
      <a href={WORK_PERMIT_STATUS_URL} target="_blank" rel="noopener noreferrer">
        {t("adminPages.checkStatus")}
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
                  title: t("adminPages.action"),
                  render: (_: unknown, passport: Passport) => <MarkAsDone passport={passport} onDone={() => removeRow(passport.id)} />,
                },
              ]
            : []
        }
      />
    </>
  );
}
