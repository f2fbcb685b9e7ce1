import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Col, Form, Input, Row, Select, Space } from "antd";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ASSIGNABLE_ROLES, type AssignableRole, type User, type UserFileField } from "../../contract";
import { FormField } from "../passport-form";
import { assignableRoleOf, userFormDefaults } from "./defaults";
import { FilePreviewModal, type PreviewSource } from "./FilePreviewModal";
import { createUserFormRules, type UserFormInput, updateUserFormRules } from "./schema";
import { UserFileUpload } from "./UserFileUpload";

/** The `data` part of signup / update-user (spec §7); `password` only when creating. */
export interface UserFormData {
  username: string;
  contactNumber: string;
  email: string;
  password?: string;
  address: string;
  emergencyContactNumber: string;
  nidNo: string;
  passportNo: string;
}
export type UserFormFiles = Partial<Record<UserFileField, File>>;

export interface UserFormProps {
  mode: "create" | "edit";
  /** The stored user (edit mode). Remount (React `key`) to load another. */
  user?: User;
  submitting: boolean;
  onSubmit: (data: UserFormData, files: UserFormFiles, role: AssignableRole | undefined) => void | Promise<void>;
  /** Edit mode: the "Delete User" button. */
  onDelete?: () => void;
  deleting?: boolean;
}

type TextFieldName = "username" | "contactNumber" | "email" | "password" | "address" | "emergencyContactNumber" | "nidNo" | "passportNo";

/** The user's two files; `label` is the key of the field's name (issue 28). */
const FILE_FIELDS: { name: UserFileField; label: string; stored: "passportPdf" | "nidPdf" }[] = [
  { name: "passport", label: "userForm.passportFile", stored: "passportPdf" },
  { name: "nid", label: "userForm.nidFile", stored: "nidPdf" },
];

/**
 * Spec §2 Create / Update User form with the §5 rules. In edit mode password and role are disabled
 * (neither is sent); a super admin being edited holds no assignable role, so the role rule is skipped.
 */
export function UserForm({ mode, user, submitting, onSubmit, onDelete, deleting }: UserFormProps) {
  const editing = mode === "edit";
  const { t, i18n } = useTranslation();
  // A role as the User List names it: its code in English (the spec's), its name in Bengali.
  const roleName = (role: string) => (i18n.language === "bn" ? t(`common.roles.${role}`, { defaultValue: role }) : role);
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;
  const schema = editing
    ? assignableRoleOf(user)
      ? updateUserFormRules
      : updateUserFormRules.omit({ agentrole: true })
    : createUserFormRules;
  const { control, handleSubmit, formState } = useForm<UserFormInput>({
    // The resolver's output type differs per mode; values are read field by field below.
    resolver: zodResolver(schema as typeof createUserFormRules) as never,
    mode: "onChange",
    defaultValues: userFormDefaults(user),
  });
  const errors = formState.errors;
  /** The file shown in the popup; `title` is its field's label key, read in the language shown. */
  const [preview, setPreview] = useState<{ title: string; source: PreviewSource }>();

  const submit = handleSubmit(async (values) => {
    const data: UserFormData = {
      username: values.username.trim(),
      contactNumber: values.contactNumber.trim(),
      email: values.email.trim(),
      address: values.address.trim(),
      emergencyContactNumber: values.emergencyContactNumber.trim(),
      nidNo: values.nidNo.trim(),
      passportNo: values.passportNo.trim(),
    };
    if (!editing) data.password = values.password;
    const files: UserFormFiles = {};
    for (const { name } of FILE_FIELDS) {
      const value = values[name];
      if (value instanceof File) files[name] = value;
    }
    await onSubmit(data, files, values.agentrole as AssignableRole | undefined);
  });

  const textField = (name: TextFieldName, label: string, options: { type?: string; disabled?: boolean } = {}) => (
    <Col xs={24} md={12}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormField label={label} htmlFor={id(name)} required={!options.disabled} error={errors[name]?.message}>
            {options.type === "password" ? (
              <Input.Password
                id={id(name)}
                {...field}
                disabled={options.disabled}
                autoComplete="new-password"
                status={errors[name] ? "error" : undefined}
              />
            ) : (
              <Input id={id(name)} {...field} type={options.type} disabled={options.disabled} status={errors[name] ? "error" : undefined} />
            )}
          </FormField>
        )}
      />
    </Col>
  );

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={submit} noValidate aria-label={editing ? t("userForm.updateUser") : t("userForm.createNewUser")}>
        <Row gutter={16}>
          {textField("username", t("userForm.username"))}
          {textField("contactNumber", t("userForm.contactNumber"))}
          {textField("email", t("userForm.email"), { type: "email" })}
          {textField("password", t("userForm.password"), { type: "password", disabled: editing })}
          {textField("address", t("userForm.address"))}
          {textField("emergencyContactNumber", t("userForm.emergencyContactNumber"))}
          {textField("nidNo", t("userForm.nidNo"))}
          {textField("passportNo", t("userForm.passportNo"))}
          <Col xs={24} md={12}>
            <Controller
              control={control}
              name="agentrole"
              render={({ field }) => (
                <FormField label={t("userForm.role")} htmlFor={id("agentrole")} required={!editing} error={errors.agentrole?.message}>
                  <Select
                    id={id("agentrole")}
                    placeholder={t("userForm.selectRole")}
                    options={[...new Set<string>([...ASSIGNABLE_ROLES, ...(user?.roles.map((r) => r.name) ?? [])])].map((role) => ({ value: role, label: roleName(role) }))}
                    value={field.value || undefined}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={editing}
                    status={errors.agentrole ? "error" : undefined}
                  />
                </FormField>
              )}
            />
          </Col>
        </Row>
        <Row gutter={16}>
          {FILE_FIELDS.map(({ name, label: labelKey, stored }) => {
            const label = t(labelKey);
            return (
              <Col xs={24} md={12} key={name}>
                <Controller
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <FormField label={label} htmlFor={id(name)} error={errors[name]?.message}>
                      <UserFileUpload
                        id={id(name)}
                        label={label}
                        value={field.value}
                        onChange={field.onChange}
                        stored={user?.[stored]}
                        onPreview={(source) => setPreview({ title: labelKey, source })}
                      />
                    </FormField>
                  )}
                />
              </Col>
            );
          })}
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={submitting}>
            {submitting ? t("userForm.creating") : editing ? t("userForm.updateUser") : t("userForm.createUser")}
          </Button>
          {editing && onDelete && (
            <Button danger onClick={onDelete} loading={deleting}>
              {t("userForm.deleteUser")}
            </Button>
          )}
        </Space>
      </form>
      <FilePreviewModal title={preview ? t(preview.title) : ""} source={preview?.source} onClose={() => setPreview(undefined)} />
    </Form>
  );
}
