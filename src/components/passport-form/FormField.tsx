import { Form } from "antd";
import type { ReactNode } from "react";

export interface FormFieldProps {
  label: string;
  htmlFor: string;
  error?: string;
  required?: boolean;
  extra?: ReactNode;
  children: ReactNode;
}

/** antd's label, red asterisk and error text around a react-hook-form controlled input. */
export function FormField({ label, htmlFor, error, required, extra, children }: FormFieldProps) {
  return (
    <Form.Item
      label={label}
      htmlFor={htmlFor}
      required={required}
      validateStatus={error ? "error" : undefined}
      help={error}
      extra={extra}
    >
      {children}
    </Form.Item>
  );
}
