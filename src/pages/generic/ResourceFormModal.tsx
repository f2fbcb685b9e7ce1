import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Form, Input, Modal } from "antd";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { FormField } from "../../components/passport-form";
import type { CrudSpec } from "../../resources/crud-spec";

type Values = Record<string, unknown>;

export interface ResourceFormModalProps {
  crud: CrudSpec;
  open: boolean;
  /** The record being edited; creating when undefined. */
  record?: Values;
  submitting: boolean;
  onSubmit: (values: Values) => void;
  onClose: () => void;
}

/** The create / update modal of a plain resource, its fields and rules taken from the declaration. */
export function ResourceFormModal({ crud, open, record, submitting, onSubmit, onClose }: ResourceFormModalProps) {
  const editing = record !== undefined;
  return (
    <Modal title={editing ? crud.texts.editTitle : crud.texts.createTitle} open={open} onCancel={onClose} footer={null} destroyOnHidden>
      {open && <ResourceForm crud={crud} record={record} submitting={submitting} onSubmit={onSubmit} />}
    </Modal>
  );
}

function ResourceForm({ crud, record, submitting, onSubmit }: Pick<ResourceFormModalProps, "crud" | "record" | "submitting" | "onSubmit">) {
  const idPrefix = useId();
  const { control, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(crud.schema),
    mode: "onChange",
    defaultValues: Object.fromEntries(crud.fields.map((f) => [f.name, record?.[f.name] ?? ""])),
  });

  return (
    <Form layout="vertical" component={false}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        {crud.fields.map((field) => {
          const id = `${idPrefix}-${field.name}`;
          const error = formState.errors[field.name]?.message as string | undefined;
          return (
            <Controller
              key={field.name}
              control={control}
              name={field.name}
              render={({ field: input }) => (
                <FormField label={field.label} htmlFor={id} required error={error}>
                  <Input
                    id={id}
                    placeholder={field.placeholder}
                    name={input.name}
                    ref={input.ref}
                    value={String(input.value ?? "")}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    status={error ? "error" : undefined}
                  />
                </FormField>
              )}
            />
          );
        })}
        <Button type="primary" htmlType="submit" loading={submitting}>
          {record ? crud.texts.editSubmit : crud.texts.createSubmit}
        </Button>
      </form>
    </Form>
  );
}
