export { CommentCell, EMPTY_COMMENT_TEXT, type CommentCellProps } from "./CommentCell";
export { CommentDialog, type CommentDialogProps } from "./CommentDialog";
