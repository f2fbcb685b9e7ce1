import type { UploadFile } from "antd";
import { z } from "zod";
import { DOCUMENT_KINDS, type DocumentField, MSG, passportFieldsSchema, UPLOAD_CONTENT_TYPES, withPassportDatesInOrder } from "../../contract";
import { contentTypeOfName } from "../file-type";

export const IMAGE_CONTENT_TYPES = ["image/png", "image/jpeg"] as const;

export const PREPARING_FILE = "Still preparing this file; try again in a moment.";

/** By its content type, or by its name's extension when the browser reports no type. */
function isAllowed(file: UploadFile, allowed: readonly string[]): boolean {
  const type = file.type || contentTypeOfName(file.name);
  return type !== undefined && allowed.includes(type);
}

function documentSchema(allowed: readonly string[]) {
  return z
    .array(z.custom<UploadFile>())
    .max(1, MSG.oneFile)
    // A large image is being made smaller (DocumentUpload); it is sent once that is done.
    .refine((files) => files.every((file) => file.status !== "uploading"), PREPARING_FILE)
    .refine((files) => files.every((file) => isAllowed(file, allowed)), MSG.unsupportedFileType)
    .optional();
}

const documentsShape = Object.fromEntries(
  DOCUMENT_KINDS.map((kind) => [
    kind.field,
    documentSchema("imagesOnly" in kind && kind.imagesOnly ? IMAGE_CONTENT_TYPES : UPLOAD_CONTENT_TYPES),
  ]),
) as Record<DocumentField, ReturnType<typeof documentSchema>>;

/**
 * The contract's passport rules (spec §5), except that the agent field holds the select's "id-username"
 * value, plus one upload list per document.
 */
export const passportFormSchema = withPassportDatesInOrder(
  passportFieldsSchema.extend({
    agentId: z
      .string({ error: MSG.agentId })
      .regex(/^\d+-./, MSG.agentId),
    ...documentsShape,
  }),
);

export type PassportFormInput = z.input<typeof passportFormSchema>;
export type PassportFormOutput = z.output<typeof passportFormSchema>;
