import { useNotification, useUpdate } from "@refinedev/core";
import { App, Modal, Skeleton } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Passport } from "../../contract";
import { PassportForm, type PassportFormFiles, type PassportFormValues } from "../passport-form";
import { LoadFailed } from "../LoadFailed";
import { useInvalidatePassportLists, usePassportAttachments } from "../passport-table";
import { PASSPORT_FORM_MESSAGES, serverFieldErrors } from "./messages";
import { useFormLists } from "./useFormLists";
import { isCancelled, UPLOAD_CANCELLED_KEY, UploadProgressPanel, useUpload } from "../uploads";

export interface EditPassportModalProps {
  /** The passport being edited; the modal is closed while undefined. */
  passport: Passport | undefined;
  onClose: () => void;
  /** A passport resource identifier whose API declares the update endpoint. */
  resource: string;
}

/**
 * "Edit Passport Data" (spec §2): PUT /api/passport/{id}/update; stored documents are kept unless
 * replaced. As in Add Passport, slots or agents that cannot be loaded show an error with Retry.
 */
export function EditPassportModal({ passport, onClose, resource }: EditPassportModalProps) {
  const open = passport !== undefined;
  const lists = useFormLists(open);
  const { attachments, loading: attachmentsLoading } = usePassportAttachments(passport?.id);
  const { mutateAsync, mutation } = useUpdate();
  const { open: notify } = useNotification();
  const invalidateLists = useInvalidatePassportLists();
  const upload = useUpload();
  const { t } = useTranslation();
  const { notification } = App.useApp();

  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const close = () => {
    setServerErrors(undefined);
    onClose();
  };

  const submit = async (values: PassportFormValues, files: PassportFormFiles) => {
    if (!passport) return;
    try {
      await mutateAsync({
        resource,
        id: passport.id,
        values: { ...values, ...files },
        mutationMode: "pessimistic",
        successNotification: false,
        errorNotification: false,
        meta: { upload: upload.begin() },
      });
      notify?.({ type: "success", message: t(PASSPORT_FORM_MESSAGES.updated) });
      void invalidateLists();
      close();
    } catch (error) {
      if (isCancelled(error)) {
        notification.info({ message: t(UPLOAD_CANCELLED_KEY) });
        return;
      }
      console.error(error);
      setServerErrors(serverFieldErrors(error));
      notify?.({ type: "error", message: t(PASSPORT_FORM_MESSAGES.updateFailed) });
    } finally {
      upload.finish();
    }
  };

  const ready = passport && lists.ready && !attachmentsLoading;
  return (
    <Modal title={t("passportModals.editTitle")} open={open} onCancel={close} footer={null} width={900} destroyOnHidden>
      {upload.progress && <UploadProgressPanel progress={upload.progress} onCancel={upload.cancel} />}
      {ready ? (
        <PassportForm
          key={passport.id}
          mode="edit"
          agents={lists.agents}
          slots={lists.slots}
          defaultValues={passport}
          existingDocuments={attachments}
          submitting={mutation.isPending}
          onSubmit={submit}
          serverErrors={serverErrors}
        />
      ) : lists.failed.length > 0 ? (
        <LoadFailed messages={lists.failed} onRetry={lists.retry} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Modal>
  );
}
