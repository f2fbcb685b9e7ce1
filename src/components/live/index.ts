export { LiveNotice, type LiveNoticeProps } from "./LiveNotice";
export { LEAVING_ROW_CLASS, LIVE_FADE_MS, useLiveList } from "./useLiveList";
