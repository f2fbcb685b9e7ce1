import { useTranslation } from "react-i18next";
import { PassportTable } from "../../components/passport-table";
import type { Passport } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";
import { SuperAdminActions } from "./SuperAdminActions";

/** Spec §2 Passport Final Approval Table: COMPLETED passports with the Super Admin Action column. */
export default function FinalApprovalPage() {
  const { t } = useTranslation();
  const resource = useCurrentResource();
  return (
    <PassportTable
        extraColumns={({ removeRow }) => [
          {
            key: "superAdminAction",
            title: t("superAdmin.actionColumn"),
            render: (_: unknown, passport: Passport) => (
              <SuperAdminActions passport={passport} resource={resource.identifier} onDecided={(p) => removeRow(p.id)} />
            ),
          },
        ]}
    />
  );
}
