import type { MilestoneField } from "../../contract";
import { t } from "../../i18n/i18n";

/** A milestone's name in the user's language ("Work Permit", "ওয়ার্ক পারমিট"); call it when shown. */
export const milestoneName = (field: MilestoneField | string): string => t(`milestones.names.${field}`);

/** "Done" or "Processing", a milestone's state in words. */
export const milestoneState = (done: boolean): string => (done ? t("milestones.done") : t("milestones.processing"));
