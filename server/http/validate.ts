/**
 * Validates input with the contract's zod schemas; a failure is a 400 with one message per field.
 * Routes declare their params, query and body schemas and Fastify checks them with
 * `validatorCompiler` before the handler runs; `parse` is for what a handler reads itself (the
 * multipart `data` part, a body read after a throttle). Both answer alike.
 */
import type { FastifySchemaCompiler } from "fastify";
import type { FastifyRouteSchemaDef, FastifyValidationResult } from "fastify/types/schema";
import type { z } from "zod";
import { type ApiError, badRequest } from "./errors";

export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The 400 of input that `error` refused: the field's message when one field failed, else `what`. */
function invalidInput(error: z.ZodError, what: string): ApiError {
  const errors = fieldErrors(error);
  return badRequest(Object.keys(errors).length === 1 ? Object.values(errors)[0] : what, errors);
}

export function parse<S extends z.ZodType>(schema: S, value: unknown, what = "Invalid request"): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw invalidInput(result.error, what);
  return result.data;
}

/** Fastify's validator for route schemas: what `parse` does, the request part replaced by its parsed value. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (value) => {
  // Fastify hands an absent body over as null; parse() read it as {} (each field then says it is missing).
  const result = schema.safeParse(value ?? {});
  return result.success ? { value: result.data } : { error: invalidInput(result.error, "Invalid request") };
};

/**
 * The validator of a route that reads its body itself: a multipart upload (a stream, read by
 * server/http/multipart.ts), or change-password, whose throttle answers before the body is looked at.
 * Its body schema documents the body; its params and query are checked as on any route.
 */
export function bodyReadByHandler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  return route.httpPart === "body" ? (value) => ({ value }) : validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
}
