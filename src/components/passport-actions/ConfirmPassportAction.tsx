import { Popconfirm } from "antd";
import type { ReactElement } from "react";
import type { Passport } from "../../contract";

/** "Rahim Uddin, passport A1234567": how a confirmation names the passport it acts on. */
export function passportName(passport: Pick<Passport, "fullName" | "passportNo">): string {
  return passport.passportNo ? `${passport.fullName}, passport ${passport.passportNo}` : passport.fullName;
}

export interface ConfirmPassportActionProps {
  /** The question, as the spec words it where it does (§8). */
  title: string;
  passport: Passport;
  onConfirm: () => unknown;
  children: ReactElement;
}

/** A workflow confirmation (Yes / No) that names the passport under its question. */
export function ConfirmPassportAction({ title, passport, onConfirm, children }: ConfirmPassportActionProps) {
  return (
    <Popconfirm title={title} description={passportName(passport)} okText="Yes" cancelText="No" onConfirm={onConfirm}>
      {children}
    </Popconfirm>
  );
}
