import { zodResolver } from "@hookform/resolvers/zod";
import { App, Button, Card, Form, Input } from "antd";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { changePasswordSchema } from "../../contract";
import { translateMessage } from "../../i18n/messages";
import { ApiRequestError, errorText } from "../../providers/http-errors";
import type { SessionsApi } from "./useSessions";

export const PASSWORDS_DIFFER = "The two new passwords do not match";

const formSchema = changePasswordSchema.safeExtend({ confirmPassword: z.string() }).refine((v) => v.confirmPassword === v.newPassword, {
  path: ["confirmPassword"],
  message: PASSWORDS_DIFFER,
});
type FormValues = z.input<typeof formSchema>;

/** The three fields; `label` is the key of the field's name (issue 28). */
const FIELDS: { name: keyof FormValues; label: string; autoComplete: string }[] = [
  { name: "currentPassword", label: "profile.password.current", autoComplete: "current-password" },
  { name: "newPassword", label: "profile.password.new", autoComplete: "new-password" },
  { name: "confirmPassword", label: "profile.password.confirm", autoComplete: "new-password" },
];

/** PUT /auth/change-password: the current password and a new one, twice. Other sessions end (issue 11). */
export function ChangePasswordCard({ api }: { api: SessionsApi }) {
  const { notification } = App.useApp();
  const { t, i18n } = useTranslation();
  /** A field's message in the user's language: ours, the contract's (§5) or the server's (English). */
  const fieldMessage = (message: string | undefined) =>
    message === undefined ? undefined : message === PASSWORDS_DIFFER ? t("profile.password.differ") : translateMessage(message);
  const [saving, setSaving] = useState(false);
  const { control, handleSubmit, formState, setError, reset } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setSaving(true);
    try {
      const message = await api.changePassword(currentPassword, newPassword);
      // English shows the server's words; Bengali its own, the server's being English.
      notification.success({ message: i18n.language === "en" && message ? message : t("profile.password.changed") });
      reset();
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? error.errors : undefined;
      for (const [field, message] of Object.entries(fieldErrors ?? {})) {
        if (FIELDS.some((f) => f.name === field)) setError(field as keyof FormValues, { message });
      }
      if (!fieldErrors) notification.error({
          message: t("profile.password.failed"),
          description: error instanceof ApiRequestError ? errorText(error) : error instanceof Error ? error.message : undefined,
        });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Card title={t("profile.password.title")} style={{ marginTop: 16, maxWidth: 520 }}>
      <Form layout="vertical" component="form" onFinish={submit} noValidate>
        {FIELDS.map(({ name, label, autoComplete }) => (
          <Form.Item
            key={name}
            label={t(label)}
            htmlFor={`password-${name}`}
            validateStatus={formState.errors[name] ? "error" : undefined}
            help={fieldMessage(formState.errors[name]?.message)}
          >
            <Controller
              name={name}
              control={control}
              render={({ field }) => <Input.Password {...field} id={`password-${name}`} autoComplete={autoComplete} />}
            />
          </Form.Item>
        ))}
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("profile.password.submit")}
        </Button>
      </Form>
    </Card>
  );
}
