import { z } from "zod";
import { createUserFormSchema, MSG, UPLOAD_CONTENT_TYPES, updateUserFormSchema, type UserFileField } from "../../contract";

/**
 * A user file field holds a newly chosen File, or the name of the file already stored (edit mode),
 * or nothing (spec §5: "must be a file or an existing string").
 */
export type UserFileValue = File | string | null | undefined;

const userFileSchema = z
  .custom<UserFileValue>((value) => value === undefined || value === null || typeof value === "string" || value instanceof File, {
    message: MSG.invalidFileFormat,
  })
  .refine(
    (value) => !(value instanceof File) || (UPLOAD_CONTENT_TYPES as readonly string[]).includes(value.type),
    MSG.unsupportedFileType,
  )
  .optional();

const fileShape = { passport: userFileSchema, nid: userFileSchema } satisfies Record<UserFileField, typeof userFileSchema>;

/** Create User form (spec §5 "Create user"): the contract's rules plus the two optional files. */
export const createUserFormRules = createUserFormSchema.extend(fileShape);
/** Update User form (spec §5 "Update user"): no password, its own phone and email messages. */
export const updateUserFormRules = updateUserFormSchema.extend(fileShape);

export type CreateUserFormValues = z.output<typeof createUserFormRules>;
export type UpdateUserFormValues = z.output<typeof updateUserFormRules>;
/** What the form holds while editing; `password` is left empty (and disabled) in edit mode. */
export type UserFormInput = Omit<z.input<typeof createUserFormRules>, "agentrole"> & { agentrole: string | undefined };
