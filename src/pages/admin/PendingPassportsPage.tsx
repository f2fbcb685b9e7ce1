import { useCan } from "@refinedev/core";
import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { CommentCell } from "../../components/comment";
import { ACTION_MESSAGES, ConfirmPassportAction, usePassportAction } from "../../components/passport-actions";
import { PassportTable } from "../../components/passport-table";
import { fillPath, type Passport, PATHS } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";

/** Spec §2 Pending Passport Table (admin): Review and Reject after a confirmation, and the admin comment. */
export default function PendingPassportsPage() {
  const { t } = useTranslation();
  const resource = useCurrentResource();
  const { data: canReview } = useCan({ resource: resource.identifier, action: "review" });
  const { data: canReject } = useCan({ resource: resource.identifier, action: "reject" });
  const { data: canComment, isLoading: checkingComment } = useCan({ resource: resource.identifier, action: "comment" });
  const { run, busy } = usePassportAction();

  return (
    <PassportTable
      extraColumns={({ removeRow }) => {
        const act = async (passport: Passport, path: string, messages: typeof ACTION_MESSAGES.review | typeof ACTION_MESSAGES.rejectByAdmin) => {
          if (await run({ url: fillPath(path, { id: passport.id }) }, messages)) removeRow(passport.id);
        };
        return [
          {
            key: "actions",
            title: t("adminPages.action"),
            render: (_: unknown, passport: Passport) => (
              <Space size={4}>
                {canReview?.can && (
                  <ConfirmPassportAction
                    title={t("adminPages.confirmReview")}
                    passport={passport}
                    onConfirm={() => act(passport, PATHS.review, ACTION_MESSAGES.review)}
                  >
                    <Button type="primary" size="small" disabled={busy} aria-label={t("adminPages.reviewFor", { name: passport.fullName })}>
                      {t("adminPages.review")}
                    </Button>
                  </ConfirmPassportAction>
                )}
                {canReject?.can && (
                  <ConfirmPassportAction
                    title={t("adminPages.confirmReject")}
                    passport={passport}
                    onConfirm={() => act(passport, PATHS.rejectByAdmin, ACTION_MESSAGES.rejectByAdmin)}
                  >
                    <Button danger size="small" disabled={busy} aria-label={t("adminPages.rejectFor", { name: passport.fullName })}>
                      {t("adminPages.reject")}
                    </Button>
                  </ConfirmPassportAction>
                )}
              </Space>
            ),
          },
          {
            key: "commentByAdmin",
            title: t("comments.column"),
            layout: { card: "field", wrap: true },
            render: (_: unknown, passport: Passport) => (
              <CommentCell
                passport={passport}
                field="commentByAdmin"
                path={PATHS.commentByAdmin}
                // undefined while access is checked: a small spinner, not "---" then "Write a comment".
                editable={checkingComment ? undefined : Boolean(canComment?.can)}
              />
            ),
          },
        ];
      }}
    />
  );
}
