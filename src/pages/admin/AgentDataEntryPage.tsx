import { MoreOutlined, PlusOutlined } from "@ant-design/icons";
import { useCan } from "@refinedev/core";
import { Button, Dropdown } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { API_BASE_URL } from "../../config";
import { ImportButton } from "../../components/import";
import { AddPassportModal, EditPassportModal } from "../../components/passport-modals";
import { PassportTable, useInvalidatePassportLists } from "../../components/passport-table";
import { PATHS, type Passport } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";

/** Spec §2 Agent Data Entry: the admin's own entries, "Create Client Info", "Import" (issue 27), and a row menu. */
export default function AgentDataEntryPage() {
  const { t, i18n } = useTranslation();
  const resource = useCurrentResource();
  const { data: canCreate } = useCan({ resource: resource.identifier, action: "create" });
  const { data: canEdit } = useCan({ resource: resource.identifier, action: "edit" });
  const { data: canImport } = useCan({ resource: resource.identifier, action: "import" });
  const invalidateLists = useInvalidatePassportLists();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Passport | undefined>();

  return (
    <>
      <PassportTable
        toolbar={
          <>
            {canCreate?.can && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                {t("adminPages.createClientInfo")}
              </Button>
            )}
            {canImport?.can && (
              <ImportButton
                title={t("adminPages.importTitle")}
                noun={{ one: t("adminPages.passportNoun", { count: 1 }), other: t("adminPages.passportNoun", { count: 2 }) }}
                // The import's fields are the passport table's columns (their titles), and NID.
                fieldLabel={(field) => (field === "nid" ? t("import.nid") : i18n.exists(`passportTable.columns.${field}`) ? t(`passportTable.columns.${field}`) : undefined)}
                templateUrl={`${API_BASE_URL}${PATHS.passportImportTemplate}`}
                importUrl={`${API_BASE_URL}${PATHS.passportImport}`}
                refresh={invalidateLists}
              />
            )}
          </>
        }
        extraColumns={({ openAttachments }) => [
          {
            key: "actions",
            title: t("adminPages.action"),
            render: (_: unknown, passport: Passport) => (
              <Dropdown
                trigger={["click"]}
                menu={{
                  items: [
                    ...(canEdit?.can ? [{ key: "edit", label: t("adminPages.edit"), onClick: () => setEditing(passport) }] : []),
                    { key: "attachments", label: t("adminPages.viewAttachments"), onClick: () => openAttachments(passport) },
                  ],
                }}
              >
                <Button icon={<MoreOutlined />} aria-label={t("adminPages.actionsFor", { name: passport.fullName })} />
              </Dropdown>
            ),
          },
        ]}
      />
      <AddPassportModal open={adding} onClose={() => setAdding(false)} resource={resource.identifier} />
      <EditPassportModal passport={editing} onClose={() => setEditing(undefined)} resource={resource.identifier} />
    </>
  );
}
