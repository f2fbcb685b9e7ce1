import { useOne } from "@refinedev/core";
import { Alert, App } from "antd";
import { Busy } from "../../components/Busy";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { isCancelled, UPLOAD_CANCELLED_KEY, UploadProgressPanel, useUpload } from "../../components/uploads";
import { UserForm, type UserFormData, type UserFormFiles } from "../../components/user-form";
import type { User } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";
import { routeOf } from "../../resources/derive";
import { refusedByServer, serverErrorMessage, useUserApi } from "./useUserApi";

/** Spec §2 Update User: prefilled from get-user; password and role disabled; "Delete User" (§8 texts). */
export default function UpdateUserPage() {
  const resource = useCurrentResource();
  const { userId } = useParams();
  const navigate = useNavigate();
  const { notification, modal } = App.useApp();
  const { t, i18n } = useTranslation();
  const api = useUserApi();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const upload = useUpload();
  const { query, result: user } = useOne<User>({
    resource: resource.identifier,
    id: userId,
    queryOptions: { enabled: userId !== undefined },
    errorNotification: false,
  });

  const update = async (data: UserFormData, files: UserFormFiles) => {
    setSaving(true);
    try {
      const said = await api.updateUser(userId!, data, files, upload.begin());
      // English shows the server's words (spec §8); Bengali its own, the server's being English.
      notification.success({ message: i18n.language === "bn" ? t("users.updated") : said });
    } catch (error) {
      if (isCancelled(error)) notification.info({ message: t(UPLOAD_CANCELLED_KEY) });
      else modal.error({ title: t("users.errorTitle"), content: serverErrorMessage(error) ?? t("users.unexpectedError") });
    } finally {
      upload.finish();
      setSaving(false);
    }
  };

  const deleteUser = async () => {
    setDeleting(true);
    try {
      await api.deleteUser(userId!);
      modal.success({ title: t("users.deletedTitle"), content: t("users.deletedText") });
      navigate(routeOf(resource, "list")!);
    } catch (error) {
      // Spec §8: a refusal is "Failed!" / "User could not be deleted."; the server's reason (e.g. the
      // user is still the agent of passports) follows on a line of its own. No reply or a server
      // fault is "Error!".
      if (refusedByServer(error)) {
        const reason = serverErrorMessage(error);
        modal.error({
          title: t("users.failedTitle"),
          content: (
            <>
              <div>{t("users.notDeleted")}</div>
              {reason && <div>{reason}</div>}
            </>
          ),
        });
      } else {
        modal.error({ title: t("users.errorTitle"), content: t("users.somethingWrong") });
      }
    } finally {
      setDeleting(false);
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: t("users.deleteConfirm"),
      content: (
        <>
          <div>{t("users.deleteWhom", { name: user?.username ?? "" })}</div>
          <div>{t("users.cannotRevert")}</div>
        </>
      ),
      okText: t("users.yesDelete"),
      okButtonProps: { danger: true },
      cancelText: t("users.cancel"),
      onOk: deleteUser,
    });

  if (query.isLoading) return <Busy fullscreen size="large" label={t("shell.loading")} />;
  if (query.isError || !user) {
    return <Alert type="error" showIcon message={serverErrorMessage(query.error) ?? t("users.loadFailed")} />;
  }
  return (
    <>
      {upload.progress && <UploadProgressPanel progress={upload.progress} onCancel={upload.cancel} />}
      <UserForm key={user.id} mode="edit" user={user} submitting={saving} onSubmit={update} onDelete={confirmDelete} deleting={deleting} />
    </>
  );
}
