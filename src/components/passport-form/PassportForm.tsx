import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Col, Form, Input, Row, Select, Typography } from "antd";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type AgentOption,
  type Attachments,
  DOCUMENT_KINDS,
  type DocumentField,
  MARITAL_STATUSES,
  type Passport,
  type Slot,
  VISA_TYPES,
} from "../../contract";
import { useFormat } from "../../i18n/useFormat";
import { agentSelectOptions, splitAgentValue } from "./agent-value";
import { DateInput } from "./DateInput";
import { DocumentUpload } from "./DocumentUpload";
import { FormField } from "./FormField";
import { passportFormDefaults } from "./defaults";
import { type PassportFormInput, type PassportFormOutput, passportFormSchema } from "./schema";

/** What `onSubmit` receives: the `data` part of the add / update request (agent id and name split). */
export type PassportFormValues = Omit<PassportFormOutput, DocumentField | "agentId"> & {
  agentId: string;
  agentName: string;
};
export type PassportFormFiles = Partial<Record<DocumentField, File>>;

export interface PassportFormProps {
  mode: "create" | "edit";
  agents: AgentOption[];
  slots: Slot[];
  /** The passport being edited; missing fields fall back to the defaults. */
  defaultValues?: Partial<Passport>;
  /** Documents already stored (edit mode); each is kept unless a new file replaces it. */
  existingDocuments?: Partial<Attachments> | null;
  submitting: boolean;
  onSubmit: (values: PassportFormValues, files: PassportFormFiles) => void | Promise<void>;
  /** Messages the server answered per field (e.g. a passport number in use), shown under the fields. */
  serverErrors?: Record<string, string>;
  /** Values to start from instead of `defaultValues` (a restored draft, files included). */
  initialValues?: PassportFormInput;
  /** Called with the form's values whenever they change (to keep a draft). */
  onValuesChange?: (values: PassportFormInput) => void;
}

type TextFieldName = "fullName" | "passportNo" | "fathersName" | "mothersName" | "schooling" | "telephone";
type DateFieldName = "passportIssueDate" | "passportExpireDate" | "dob";

const toOptions = (values: readonly string[], label: (value: string) => string = (value) => value) =>
  values.map((value) => ({ value, label: label(value) }));

/** The Add Passport and Edit Passport form (spec §2, §5). Remount it (React `key`) to load another passport. */
export function PassportForm(props: PassportFormProps) {
  const { mode, agents, slots, defaultValues, existingDocuments, submitting, onSubmit, initialValues, onValuesChange, serverErrors } = props;
  const { t } = useTranslation();
  const { digits } = useFormat();
  const idPrefix = useId();
  const id = (name: string) => `${idPrefix}-${name}`;
  const { control, handleSubmit, formState, watch, setError } = useForm<PassportFormInput, unknown, PassportFormOutput>({
    resolver: zodResolver(passportFormSchema),
    mode: "onChange",
    defaultValues: initialValues ?? passportFormDefaults(defaultValues, agents),
  });
  const errors = formState.errors;
  // Until the field is changed (then the form's own rules judge it again).
  useEffect(() => {
    for (const [name, message] of Object.entries(serverErrors ?? {})) {
      if (name in passportFormSchema.shape) setError(name as keyof PassportFormInput, { type: "server", message }, { shouldFocus: true });
    }
  }, [serverErrors, setError]);

  useEffect(() => {
    if (!onValuesChange) return;
    const subscription = watch((values) => onValuesChange(values as PassportFormInput));
    return () => subscription.unsubscribe();
  }, [watch, onValuesChange]);

  const submit = handleSubmit(async (values) => {
    const files: PassportFormFiles = {};
    const data: Record<string, unknown> = { ...values };
    for (const { field } of DOCUMENT_KINDS) {
      const file = values[field]?.[0]?.originFileObj;
      if (file) files[field] = file;
      delete data[field];
    }
    const agent = splitAgentValue(values.agentId);
    await onSubmit({ ...(data as Omit<PassportFormValues, "agentId" | "agentName">), ...agent }, files);
  });

  const textField = (name: TextFieldName, label: string) => (
    <Col xs={24} md={12}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormField label={label} htmlFor={id(name)} required error={errors[name]?.message}>
            <Input id={id(name)} {...field} status={errors[name] ? "error" : undefined} />
          </FormField>
        )}
      />
    </Col>
  );

  const dateField = (name: DateFieldName, label: string) => (
    <Col xs={24} md={12}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormField label={label} htmlFor={id(name)} required error={errors[name]?.message}>
            <DateInput
              id={id(name)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              status={errors[name] ? "error" : undefined}
            />
          </FormField>
        )}
      />
    </Col>
  );

  const selectField = (
    name: "maritalStatus" | "visaType" | "agentId" | "slot",
    label: string,
    options: { value: string; label: string }[],
    placeholder?: string,
  ) => (
    <Col xs={24} md={12}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <FormField label={label} htmlFor={id(name)} required error={errors[name]?.message}>
            <Select
              id={id(name)}
              showSearch
              optionFilterProp="label"
              placeholder={placeholder}
              options={options}
              value={field.value || undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              status={errors[name] ? "error" : undefined}
            />
          </FormField>
        )}
      />
    </Col>
  );

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={submit} noValidate aria-label={mode === "edit" ? t("passportForm.editForm") : t("passportForm.addForm")}>
        <Row gutter={16}>
          {textField("fullName", t("passportForm.fullName"))}
          {textField("passportNo", t("passportForm.passportNo"))}
          {textField("fathersName", t("passportForm.fathersName"))}
          {textField("mothersName", t("passportForm.mothersName"))}
          {textField("schooling", t("passportForm.schooling"))}
          {selectField("maritalStatus", t("passportForm.maritalStatus"), toOptions(MARITAL_STATUSES, (s) => t(`passportForm.maritalStatuses.${s}`)))}
          {textField("telephone", t("passportForm.telephone"))}
          <Col xs={24} md={12}>
            <Controller
              control={control}
              name="contractAmount"
              render={({ field }) => (
                <FormField label={t("passportForm.contractAmount")} htmlFor={id("contractAmount")} required error={errors.contractAmount?.message}>
                  <Input
                    id={id("contractAmount")}
                    inputMode="numeric"
                    name={field.name}
                    ref={field.ref}
                    value={field.value === undefined || field.value === null ? "" : String(field.value)}
                    onChange={(event) => field.onChange(event.target.value)}
                    onBlur={field.onBlur}
                    status={errors.contractAmount ? "error" : undefined}
                  />
                </FormField>
              )}
            />
          </Col>
          {dateField("passportIssueDate", t("passportForm.passportIssueDate"))}
          {dateField("passportExpireDate", t("passportForm.passportExpireDate"))}
          {selectField("visaType", t("passportForm.visaType"), toOptions(VISA_TYPES, (v) => t(`passportForm.visaTypes.${v}`)))}
          {dateField("dob", t("passportForm.dob"))}
          {selectField("agentId", t("passportForm.agent"), agentSelectOptions(agents), t("passportForm.selectAgent"))}
          {selectField("slot", t("passportForm.slot"), toOptions(slots.map((s) => s.slotName)), t("passportForm.selectSlot"))}
        </Row>

        <Typography.Title level={5}>{t("passportForm.documentsTitle")}</Typography.Title>
        <Row gutter={16}>
          {DOCUMENT_KINDS.map((kind, index) => (
            <Col xs={24} md={12} key={kind.field}>
              <Controller
                control={control}
                name={kind.field}
                render={({ field }) => (
                  <FormField
                    label={t("passportForm.documentLabel", { number: digits(String(index + 1)), label: t(`passportForm.documents.${kind.field}`) })}
                    htmlFor={id(kind.field)}
                    error={errors[kind.field]?.message}
                  >
                    <DocumentUpload
                      id={id(kind.field)}
                      imagesOnly={"imagesOnly" in kind && kind.imagesOnly}
                      value={field.value}
                      onChange={field.onChange}
                      existing={existingDocuments?.[kind.replyKey]}
                    />
                  </FormField>
                )}
              />
            </Col>
          ))}
        </Row>

        <Button type="primary" htmlType="submit" loading={submitting}>
          {mode === "edit" ? t("passportForm.update") : t("passportForm.submit")}
        </Button>
      </form>
    </Form>
  );
}
