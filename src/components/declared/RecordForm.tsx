import type { BaseKey, BaseRecord } from "@refinedev/core";
import { useForm } from "@refinedev/react-hook-form";
import { Button, Form, Skeleton } from "antd";
import { useId } from "react";
import { Controller } from "react-hook-form";
import { FormField } from "../passport-form";
import { FieldInput } from "./FieldInput";
import { declaredResolver, emptyValues, type FormValues, variablesOf } from "./form-values";
import { failureNotice, successNotice } from "./notices";
import type { DeclaredScreen } from "./useDeclaredScreen";
import { useDeclaredWords } from "./useDeclaredWords";
import { translateMessage } from "../../i18n/messages";
import { useReferenceTargets } from "./useReferenceTitles";
import { storedFileUrl } from "./useStoredFile";

export interface RecordFormProps {
  screen: DeclaredScreen;
  /** The record to edit; a new one when undefined. */
  id?: BaseKey;
  /** After a successful save (the toast is the declaration's text). */
  onSaved: (record?: BaseRecord) => void;
}

/**
 * A declared resource's create or edit form: one input per field, required ones marked, checked by the
 * server's own rules as the user goes; the server's field messages (a unique value in use, 409) under
 * their fields; the declaration's texts on the button and in the toasts.
 */
export function RecordForm({ screen, id, onSaved }: RecordFormProps) {
  const data = screen.data;
  const words = useDeclaredWords(data);
  const { texts } = words;
  const editing = id !== undefined;
  const idPrefix = useId();
  const targets = useReferenceTargets(screen);
  const { control, handleSubmit, formState, setError, refineCore } = useForm<BaseRecord, never, FormValues>({
    resolver: declaredResolver(data, words.rules),
    mode: "onTouched",
    defaultValues: emptyValues(data),
    refineCoreProps: {
      resource: screen.identifier,
      action: editing ? "edit" : "create",
      id,
      redirect: false,
      mutationMode: "pessimistic",
      successNotification: successNotice(editing ? texts.updated : texts.created),
      errorNotification: failureNotice(data),
      onMutationSuccess: (reply) => onSaved(reply.data),
    },
  });
  const stored = refineCore.query?.data?.data as FormValues | undefined;

  if (editing && refineCore.query?.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;

  const submit = handleSubmit((values) => refineCore.onFinish(variablesOf(data, values, stored)).catch(() => undefined));
  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={submit} noValidate aria-label={editing ? texts.editTitle : texts.createTitle}>
        {Object.entries(data.fields).map(([name, field]) => {
          const inputId = `${idPrefix}-${name}`;
          const message = formState.errors[name]?.message as string | undefined;
          const error = message === undefined ? undefined : translateMessage(message);
          return (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field: input }) => (
                <FormField label={words.text(field.label)} htmlFor={inputId} required={field.required && field.kind !== "boolean"} error={error}>
                  <FieldInput
                    id={inputId}
                    field={field}
                    words={words}
                    value={input.value}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    error={error}
                    target={targets.find((t) => t.field === name)?.to}
                    storedFileUrl={editing && stored ? storedFileUrl(data.name, id, name) : undefined}
                    onFileRefused={(message) => setError(name, { message })}
                  />
                </FormField>
              )}
            />
          );
        })}
        <Button type="primary" htmlType="submit" loading={refineCore.mutation.isPending}>
          {editing ? texts.editSubmit : texts.createSubmit}
        </Button>
      </form>
    </Form>
  );
}
