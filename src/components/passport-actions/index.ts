export { ACTION_MESSAGES, type ActionMessages } from "./messages";
export { usePassportAction, type PassportActionRequest } from "./usePassportAction";
export { WithReason } from "./WithReason";
export { ConfirmPassportAction, passportName, type ConfirmPassportActionProps } from "./ConfirmPassportAction";
export { milestoneName, milestoneState } from "./milestones";
