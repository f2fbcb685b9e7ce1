import { useOne } from "@refinedev/core";
import { Alert, App } from "antd";
import { Busy } from "../../components/Busy";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import { isCancelled, UPLOAD_CANCELLED, UploadProgressPanel, useUpload } from "../../components/uploads";
import { UserForm, type UserFormData, type UserFormFiles } from "../../components/user-form";
import type { User } from "../../contract";
import { useCurrentResource } from "../../components/resource-context";
import { routeOf } from "../../resources/derive";
import { UNEXPECTED_ERROR, refusedByServer, serverErrorMessage, useUserApi } from "./useUserApi";

/** Spec §2 Update User: prefilled from get-user; password and role disabled; "Delete User" (§8 texts). */
export default function UpdateUserPage() {
  const resource = useCurrentResource();
  const { userId } = useParams();
  const navigate = useNavigate();
  const { notification, modal } = App.useApp();
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
      notification.success({ message: await api.updateUser(userId!, data, files, upload.begin()) });
    } catch (error) {
      if (isCancelled(error)) notification.info({ message: UPLOAD_CANCELLED });
      else modal.error({ title: "Error!", content: serverErrorMessage(error) ?? UNEXPECTED_ERROR });
    } finally {
      upload.finish();
      setSaving(false);
    }
  };

  const deleteUser = async () => {
    setDeleting(true);
    try {
      await api.deleteUser(userId!);
      modal.success({ title: "Deleted!", content: "User has been deleted." });
      navigate(routeOf(resource, "list")!);
    } catch (error) {
      // Spec §8: a refusal is "Failed!" / "User could not be deleted."; the server's reason (e.g. the
      // user is still the agent of passports) follows on a line of its own. No reply or a server
      // fault is "Error!".
      if (refusedByServer(error)) {
        const reason = serverErrorMessage(error);
        modal.error({
          title: "Failed!",
          content: (
            <>
              <div>User could not be deleted.</div>
              {reason && <div>{reason}</div>}
            </>
          ),
        });
      } else {
        modal.error({ title: "Error!", content: "Something went wrong." });
      }
    } finally {
      setDeleting(false);
    }
  };

  const confirmDelete = () =>
    modal.confirm({
      title: "Are you sure?",
      content: (
        <>
          <div>{`Delete the user ${user?.username ?? ""}.`}</div>
          <div>You won’t be able to revert this!</div>
        </>
      ),
      okText: "Yes, delete it!",
      okButtonProps: { danger: true },
      cancelText: "Cancel",
      onOk: deleteUser,
    });

  if (query.isLoading) return <Busy fullscreen size="large" label="Loading" />;
  if (query.isError || !user) {
    return <Alert type="error" showIcon message={serverErrorMessage(query.error) ?? "The user could not be loaded."} />;
  }
  return (
    <>
      {upload.progress && <UploadProgressPanel progress={upload.progress} onCancel={upload.cancel} />}
      <UserForm key={user.id} mode="edit" user={user} submitting={saving} onSubmit={update} onDelete={confirmDelete} deleting={deleting} />
    </>
  );
}
