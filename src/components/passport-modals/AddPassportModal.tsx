import { useCreate, useNotification } from "@refinedev/core";
import { Button, Modal, Result, Skeleton } from "antd";
import { PassportForm, type PassportFormFiles, type PassportFormValues } from "../passport-form";
import { useAgents, useInvalidatePassportLists } from "../passport-table";
import { PASSPORT_FORM_MESSAGES } from "./messages";
import { useSlots } from "./useSlots";

/** The spec gives no text for a slot list that failed to load. */
export const SLOTS_FAILED = "Could not load the slot numbers.";

export interface AddPassportModalProps {
  open: boolean;
  onClose: () => void;
  /** A passport resource identifier whose API declares the create endpoint (every passport list does). */
  resource: string;
}

/**
 * Add Passport (spec §2, §5): POST /api/passport/add as multipart. The form appears once slots have
 * loaded; if they cannot be loaded, an error with Retry shows instead.
 */
export function AddPassportModal({ open, onClose, resource }: AddPassportModalProps) {
  const { agents, loading: agentsLoading } = useAgents(open);
  const { slots, loaded, failed, retry } = useSlots();
  const { mutateAsync, mutation } = useCreate();
  const { open: notify } = useNotification();
  const invalidateLists = useInvalidatePassportLists();

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
      onClose();
    } catch (error) {
      console.error(error);
      notify?.({ type: "error", message: PASSPORT_FORM_MESSAGES.addFailed });
    }
  };

  return (
    <Modal title="Add Passport" open={open} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      {loaded && !agentsLoading ? (
        <PassportForm mode="create" agents={agents} slots={slots} submitting={mutation.isPending} onSubmit={submit} />
      ) : failed ? (
        <Result
          status="error"
          title={SLOTS_FAILED}
          extra={
            <Button type="primary" onClick={retry}>
              Retry
            </Button>
          }
        />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Modal>
  );
}
