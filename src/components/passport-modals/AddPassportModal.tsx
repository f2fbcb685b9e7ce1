import { useCreate, useNotification } from "@refinedev/core";
import { Alert, App, Button, Modal, Skeleton, Space } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/useFormat";
import { PassportForm, type PassportFormFiles, type PassportFormValues, passportFormDefaults } from "../passport-form";
import { LoadFailed } from "../LoadFailed";
import { useInvalidatePassportLists } from "../passport-table";
import { PASSPORT_FORM_MESSAGES, serverFieldErrors } from "./messages";
import { useFormLists } from "./useFormLists";
import { isCancelled, UPLOAD_CANCELLED_KEY, UploadProgressPanel, useUpload } from "../uploads";
import { usePassportDraft } from "./usePassportDraft";

/** The draft's offer in English, as the browser tests look for it (shown: passportModals.draftOffer). */
export const DRAFT_OFFER = "You have a passport that was not saved";

export interface AddPassportModalProps {
  open: boolean;
  onClose: () => void;
  /** A passport resource identifier whose API declares the create endpoint (every passport list does). */
  resource: string;
}

/**
 * Add Passport (spec §2, §5): POST /api/passport/add as multipart. The form appears once slots and
 * agents have loaded; if either cannot be loaded, an error with Retry shows instead.
 */
export function AddPassportModal({ open, onClose, resource }: AddPassportModalProps) {
  const lists = useFormLists(open);
  const { mutateAsync, mutation } = useCreate();
  const { open: notify } = useNotification();
  const invalidateLists = useInvalidatePassportLists();
  const upload = useUpload();
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const { notification } = App.useApp();
  const blank = useMemo(() => (lists.ready ? passportFormDefaults(undefined, lists.agents) : undefined), [lists.ready, lists.agents]);
  const draft = usePassportDraft(open, blank);

  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const close = () => {
    setServerErrors(undefined);
    onClose();
  };

  const submit = async (values: PassportFormValues, files: PassportFormFiles) => {
    try {
      await mutateAsync({
        resource,
        values: { ...values, isSuperAdminApproved: "PENDING", ...files },
        successNotification: false,
        errorNotification: false,
        meta: { upload: upload.begin() },
      });
      draft.saved();
      notify?.({ type: "success", message: t(PASSPORT_FORM_MESSAGES.added) });
      void invalidateLists();
      close();
    } catch (error) {
      if (isCancelled(error)) {
        notification.info({ message: t(UPLOAD_CANCELLED_KEY) });
        return;
      }
      console.error(error);
      setServerErrors(serverFieldErrors(error));
      notify?.({ type: "error", message: t(PASSPORT_FORM_MESSAGES.addFailed) });
    } finally {
      upload.finish();
    }
  };

  return (
    <Modal title={t("passportModals.addTitle")} open={open} onCancel={close} footer={null} width={900} destroyOnHidden>
      {upload.progress && <UploadProgressPanel progress={upload.progress} onCancel={upload.cancel} />}
      {draft.offer && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("passportModals.draftOffer")}
          description={t("passportModals.draftDescription", { time: dateTime(draft.offer.savedAt) })}
          action={
            <Space direction="vertical">
              <Button size="small" type="primary" onClick={draft.restore}>
                {t("passportModals.restore")}
              </Button>
              <Button size="small" onClick={draft.discard}>
                {t("passportModals.discard")}
              </Button>
            </Space>
          }
        />
      )}
      {lists.ready ? (
        <PassportForm
          // A restored draft starts a new form.
          key={draft.restored ? "draft" : "new"}
          mode="create"
          agents={lists.agents}
          slots={lists.slots}
          submitting={mutation.isPending}
          onSubmit={submit}
          serverErrors={serverErrors}
          initialValues={draft.restored}
          onValuesChange={draft.onValuesChange}
        />
      ) : lists.failed.length > 0 ? (
        <LoadFailed messages={lists.failed} onRetry={lists.retry} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Modal>
  );
}
