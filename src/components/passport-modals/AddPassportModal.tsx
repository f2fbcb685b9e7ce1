import { useCreate, useNotification } from "@refinedev/core";
import { Modal, Skeleton } from "antd";
import { useState } from "react";
import { PassportForm, type PassportFormFiles, type PassportFormValues } from "../passport-form";
import { LoadFailed } from "../LoadFailed";
import { useInvalidatePassportLists } from "../passport-table";
import { PASSPORT_FORM_MESSAGES, serverFieldErrors } from "./messages";
import { useFormLists } from "./useFormLists";

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
      });
      notify?.({ type: "success", message: PASSPORT_FORM_MESSAGES.added });
      void invalidateLists();
      close();
    } catch (error) {
      console.error(error);
      setServerErrors(serverFieldErrors(error));
      notify?.({ type: "error", message: PASSPORT_FORM_MESSAGES.addFailed });
    }
  };

  return (
    <Modal title="Add Passport" open={open} onCancel={close} footer={null} width={900} destroyOnHidden>
      {lists.ready ? (
        <PassportForm
          mode="create"
          agents={lists.agents}
          slots={lists.slots}
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
