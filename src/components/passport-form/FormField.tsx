import { Form } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../../i18n/messages";
import { PREPARING_FILE } from "./schema";

export interface FormFieldProps {
  label: string;
  htmlFor: string;
  error?: string;
  required?: boolean;
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * A field's message in the user's language: the forms' rules (zod) and the server's per-field replies
 * give English, the contract's (spec §5).
 */
function errorText(error: string, t: (key: string) => string): string {
  return error === PREPARING_FILE ? t("passportForm.preparingFile") : translateMessage(error);
}

/**
 * antd's label, red asterisk and error text around a react-hook-form controlled input. Every form's
 * field errors are shown here, translated.
 */
export function FormField({ label, htmlFor, error, required, extra, children }: FormFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      required={required}
      validateStatus={error ? "error" : undefined}
      help={error ? errorText(error, t) : undefined}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}
