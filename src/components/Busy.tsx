import Spin, { type SpinProps } from "antd/es/spin";

/**
 * antd's spinner announced as a status with a name ("Loading", "Checking access"): a name on its
 * plain div, without a role, is not allowed (axe aria-prohibited-attr). SpinProps lacks `role`,
 * though Spin passes it on to its element.
 */
export function Busy({ label, size, fullscreen }: { label: string; size?: SpinProps["size"]; fullscreen?: boolean }) {
  const status = { role: "status", "aria-label": label } as SpinProps;
  return <Spin {...status} size={size} fullscreen={fullscreen} />;
}
