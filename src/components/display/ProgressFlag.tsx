import { Tag } from "antd";
import { progressFlag } from "./status";

/** A milestone flag: Done (green) or Processing (red). */
export function ProgressFlag({ done }: { done: boolean | null | undefined }) {
  const { text, color } = progressFlag(done);
  return <Tag color={color}>{text}</Tag>;
}
