import { Popconfirm } from "antd";
import { cloneElement, type MouseEvent, type ReactElement, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Passport } from "../../contract";
import { t as translate } from "../../i18n/i18n";

/** "Rahim Uddin, passport A1234567": how a confirmation names the passport it acts on. */
export function passportName(passport: Pick<Passport, "fullName" | "passportNo">): string {
  return passport.passportNo ? translate("passportActions.passportName", { name: passport.fullName, number: passport.passportNo }) : passport.fullName;
}

export interface ConfirmPassportActionProps {
  /** The question, as the spec words it where it does (§8). */
  title: string;
  passport: Passport;
  onConfirm: () => unknown;
  /** The button that asks; it must take `onClick` and a ref. */
  children: ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void; ref?: unknown }>;
}

/**
 * A workflow confirmation (Yes / No) that names the passport under its question. The confirmation is
 * built on the button's first press, not with the row: a page of rows with two actions each would
 * otherwise build twenty pop-ups no one has opened, a good part of drawing the list on a slow phone.
 */
export function ConfirmPassportAction({ title, passport, onConfirm, children }: ConfirmPassportActionProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<boolean | undefined>(undefined);
  const button = useRef<HTMLElement>(null);
  const built = open !== undefined;
  // The button is drawn anew inside the confirmation: the focus stays on it.
  useEffect(() => {
    if (built) button.current?.focus();
  }, [built]);

  if (!built) {
    return cloneElement(children, {
      onClick: (event: MouseEvent<HTMLElement>) => {
        children.props.onClick?.(event);
        setOpen(true);
      },
    });
  }
  return (
    <Popconfirm
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={passportName(passport)}
      okText={t("passportActions.yes")}
      cancelText={t("passportActions.no")}
      onConfirm={onConfirm}
    >
      {cloneElement(children, { ref: button })}
    </Popconfirm>
  );
}
