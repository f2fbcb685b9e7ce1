export { CommentCell, commentCountText, type CommentCellProps } from "./CommentCell";
export { CommentDialog, type CommentDialogProps } from "./CommentDialog";
