import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { progressFlag } from "./status";

/** A milestone flag: Done (green) or Processing (red). */
export function ProgressFlag({ done }: { done: boolean | null | undefined }) {
  useTranslation(); // drawn anew in the other language
  const { text, color } = progressFlag(done);
  return <Tag color={color}>{text}</Tag>;
}
