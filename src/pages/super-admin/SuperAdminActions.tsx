import { Button, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Busy } from "../../components/Busy";
import { ACTION_MESSAGES, ConfirmPassportAction, usePassportAction } from "../../components/passport-actions";
import { fillPath, type Passport, PATHS } from "../../contract";
import { useAllowed } from "./useAllowed";

export interface SuperAdminActionsProps {
  passport: Passport;
  /** The Final Approval resource identifier, for the access checks. */
  resource: string;
  /** Called once the decision is saved, so the row can leave the list at once. */
  onDecided: (passport: Passport) => void;
}

/**
 * Spec §2 "Super Admin Action": Approve and Reject, each after its §8 confirmation; only a role that
 * may approve or reject sees them, anyone else reads "N/A". Until access control answers, a small
 * spinner holds the place, so a super admin never sees "N/A" flash first.
 */
export function SuperAdminActions({ passport, resource, onDecided }: SuperAdminActionsProps) {
  const { t } = useTranslation();
  const canApprove = useAllowed(resource, "approve");
  const canReject = useAllowed(resource, "reject");
  const { run, busy } = usePassportAction();

  if (canApprove === undefined || canReject === undefined) return <Busy size="small" label={t("superAdmin.checkingAccess")} />;
  if (!canApprove && !canReject) return <Typography.Text type="secondary">{t("superAdmin.notAllowed")}</Typography.Text>;

  const decide = async (path: string, messages: typeof ACTION_MESSAGES.approve | typeof ACTION_MESSAGES.rejectBySuperAdmin) => {
    if (await run({ url: fillPath(path, { id: passport.id }) }, messages)) onDecided(passport);
  };

  return (
    <Space size={4}>
      {canApprove && (
        <ConfirmPassportAction
          title={t("superAdmin.confirmApprove")}
          passport={passport}
          onConfirm={() => decide(PATHS.approve, ACTION_MESSAGES.approve)}
        >
          <Button type="primary" size="small" disabled={busy} aria-label={t("superAdmin.approveFor", { name: passport.fullName })}>
            {t("superAdmin.approve")}
          </Button>
        </ConfirmPassportAction>
      )}
      {canReject && (
        <ConfirmPassportAction
          title={t("superAdmin.confirmReject")}
          passport={passport}
          onConfirm={() => decide(PATHS.rejectBySuperAdmin, ACTION_MESSAGES.rejectBySuperAdmin)}
        >
          <Button danger size="small" disabled={busy} aria-label={t("superAdmin.rejectFor", { name: passport.fullName })}>
            {t("superAdmin.reject")}
          </Button>
        </ConfirmPassportAction>
      )}
    </Space>
  );
}
