import { PlusOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CommentCell } from "../../components/comment";
import { AddPassportModal } from "../../components/passport-modals";
import { PassportTable } from "../../components/passport-table";
import { type Passport, PATHS } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";
import { useAllowed } from "./useAllowed";

/** Spec §2 super admin Pending Passport Table: REVIEWED passports, the super admin comment, the create-passport modal. */
export default function SuperAdminPendingPage() {
  const { t } = useTranslation();
  const resource = useCurrentResource();
  const canComment = useAllowed(resource.identifier, "comment");
  const canCreate = useAllowed(resource.identifier, "create");
  const [adding, setAdding] = useState(false);

  return (
    <>
      <PassportTable
        toolbar={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t("superAdmin.addPassport")}
            </Button>
          )
        }
        extraColumns={[
          {
            key: "commentBySuperAdmin",
            title: t("comments.column"),
            layout: { card: "field", wrap: true },
            render: (_: unknown, passport: Passport) => (
              <CommentCell
                passport={passport}
                field="commentBySuperAdmin"
                path={PATHS.commentBySuperAdmin}
                editable={canComment}
              />
            ),
          },
        ]}
      />
      <AddPassportModal open={adding} onClose={() => setAdding(false)} resource={resource.identifier} />
    </>
  );
}
