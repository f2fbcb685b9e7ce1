import { Tag } from "antd";

/** A milestone flag: Done (green) or Processing (red). */
export function ProgressFlag({ done }: { done: boolean | null | undefined }) {
  return done ? <Tag color="green">Done</Tag> : <Tag color="red">Processing</Tag>;
}
