export { CHECKING_COMMENT_ACCESS_LABEL, CommentCell, commentCountText, EMPTY_COMMENT_TEXT, type CommentCellProps } from "./CommentCell";
export { CommentDialog, type CommentDialogProps } from "./CommentDialog";
