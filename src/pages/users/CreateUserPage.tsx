import { App } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isCancelled, UPLOAD_CANCELLED_KEY, UploadProgressPanel, useUpload } from "../../components/uploads";
import { UserForm, type UserFormData, type UserFormFiles } from "../../components/user-form";
import type { AssignableRole } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";
import { routeOf } from "../../resources/derive";
import { forgetPendingSignup, serverErrorMessage, useUserApi } from "./useUserApi";

/**
 * Spec §2 Create User: signup, then assign-role; the new user then appears in the User List. If only
 * assign-role failed, pressing Create User again assigns the role to the user already signed up.
 */
export default function CreateUserPage() {
  const resource = useCurrentResource();
  const navigate = useNavigate();
  const { notification, modal } = App.useApp();
  const { t } = useTranslation();
  const api = useUserApi();
  const [saving, setSaving] = useState(false);
  const upload = useUpload();
  // A fresh form is a new user; only a retry within this page reuses the signup (see createUser).
  useEffect(forgetPendingSignup, []);

  const create = async (data: UserFormData, files: UserFormFiles, role: AssignableRole | undefined) => {
    setSaving(true);
    try {
      await api.createUser(data, files, role!, upload.begin());
      notification.success({ message: t("users.created") });
      navigate(routeOf(resource, "list")!);
    } catch (error) {
      if (isCancelled(error)) notification.info({ message: t(UPLOAD_CANCELLED_KEY) });
      else modal.error({ title: t("users.errorTitle"), content: serverErrorMessage(error) ?? t("users.unexpectedError") });
    } finally {
      upload.finish();
      setSaving(false);
    }
  };

  return (
    <>
      {upload.progress && <UploadProgressPanel progress={upload.progress} onCancel={upload.cancel} />}
      <UserForm mode="create" submitting={saving} onSubmit={create} />
    </>
  );
}
