import { zodResolver } from "@hookform/resolvers/zod";
import { App, Button, Card, Form, Input } from "antd";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { changePasswordSchema } from "../../contract";
import { ApiRequestError } from "../../providers/http-errors";
import type { SessionsApi } from "./useSessions";

export const PASSWORDS_DIFFER = "The two new passwords do not match";

const formSchema = changePasswordSchema.safeExtend({ confirmPassword: z.string() }).refine((v) => v.confirmPassword === v.newPassword, {
  path: ["confirmPassword"],
  message: PASSWORDS_DIFFER,
});
type FormValues = z.input<typeof formSchema>;

const FIELDS: { name: keyof FormValues; label: string; autoComplete: string }[] = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm new password", autoComplete: "new-password" },
];

/** PUT /auth/change-password: the current password and a new one, twice. Other sessions end (issue 11). */
export function ChangePasswordCard({ api }: { api: SessionsApi }) {
  const { notification } = App.useApp();
  const [saving, setSaving] = useState(false);
  const { control, handleSubmit, formState, setError, reset } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setSaving(true);
    try {
      const message = await api.changePassword(currentPassword, newPassword);
      notification.success({ message: message ?? "Password changed" });
      reset();
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? error.errors : undefined;
      for (const [field, message] of Object.entries(fieldErrors ?? {})) {
        if (FIELDS.some((f) => f.name === field)) setError(field as keyof FormValues, { message });
      }
      if (!fieldErrors) notification.error({ message: "Could not change the password", description: error instanceof Error ? error.message : undefined });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card title="Change password" style={{ marginTop: 16, maxWidth: 520 }}>
      <Form layout="vertical" component="form" onFinish={submit} noValidate>
        {FIELDS.map(({ name, label, autoComplete }) => (
          <Form.Item
            key={name}
            label={label}
            htmlFor={`password-${name}`}
            validateStatus={formState.errors[name] ? "error" : undefined}
            help={formState.errors[name]?.message}
          >
            <Controller
              name={name}
              control={control}
              render={({ field }) => <Input.Password {...field} id={`password-${name}`} autoComplete={autoComplete} />}
            />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={saving}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
