import { useTranslation } from "react-i18next";
import { useAgents } from "../passport-table";
import { useSlots } from "./useSlots";

/**
 * The slots and agents the passport form chooses from (agents fetched only while `open`): ready, or
 * the messages of what failed and one retry for all of it.
 */
export function useFormLists(open: boolean) {
  const agentList = useAgents(open);
  const slotList = useSlots();
  const { t } = useTranslation();
  // The spec gives no texts for lists the passport form needs that failed to load.
  const failed = [slotList.failed && t("passportModals.slotsFailed"), agentList.failed && t("passportModals.agentsFailed")].filter((m): m is string => Boolean(m));
  return {
    agents: agentList.agents,
    slots: slotList.slots,
    ready: slotList.loaded && agentList.loaded,
    failed,
    retry: () => {
      if (slotList.failed) slotList.retry();
      if (agentList.failed) agentList.retry();
    },
  };
}
