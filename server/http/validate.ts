/** Validates input with the contract's zod schemas; a failure is a 400 with one message per field. */
import type { z } from "zod";
import { badRequest } from "./errors";

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

export function parse<S extends z.ZodType>(schema: S, value: unknown, what = "Invalid request"): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    const errors = fieldErrors(result.error);
    throw badRequest(Object.keys(errors).length === 1 ? Object.values(errors)[0] : what, errors);
  }
  return result.data;
}
