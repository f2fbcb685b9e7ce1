/**
 * Tests (`checkReplies`): every reply is checked against the schema its route documents for its
 * status, so the whole server suite proves the API reference right. A reply that does not match (a
 * field of another type, a key the schema lacks, which fast-json-stringify would drop, a status the
 * route does not document) answers 500 naming the route, the status and the issue, and is listed in
 * `app.replyMismatches`, which the test harness reads. Streamed replies (get-attachments) are not read.
 */
import { isDeepStrictEqual } from "node:util";
import type { FastifyInstance, FastifySerializerCompiler } from "fastify";
import { z } from "zod";
import { ApiError } from "./errors";
import { type Stringify, stringifierOf } from "./reply-serializer";

declare module "fastify" {
  interface FastifyInstance {
    replyMismatches: string[];
  }
}

export function registerReplyCheck(app: FastifyInstance): void {
  const mismatches: string[] = [];
  app.decorate("replyMismatches", mismatches);
  const mismatch = (method: string, url: string, status: string | number, problem: string) => {
    const message = `The reply of ${method} ${url} (${status}) does not match its documented schema: ${problem}`;
    mismatches.push(message);
    return new ApiError(500, message);
  };

  const compiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url, httpStatus }) => {
    const stringify = stringifierOf(schema);
    return (data) => {
      const problem = problemOf(schema, stringify, data);
      if (problem !== undefined) throw mismatch(method, url, httpStatus ?? "any", problem);
      return stringify(data);
    };
  };
  app.setSerializerCompiler(compiler);

  app.addHook("onSend", async (request, reply) => {
    const responses = request.routeOptions.schema?.response as Record<string, unknown> | undefined;
    if (!responses || reply.statusCode === 500) return;
    const status = String(reply.statusCode);
    if ([status, `${status[0]}xx`, "default"].some((key) => key in responses)) return;
    throw mismatch(request.method, request.routeOptions.url ?? request.url, status, `the route documents only ${Object.keys(responses).join(", ")}`);
  });
}

function problemOf(schema: z.ZodType, stringify: Stringify, data: unknown): string | undefined {
  const checked = z.safeEncode(schema, data);
  if (!checked.success) return checked.error.issues.map((i) => `${i.path.join(".") || "the reply"}: ${i.message}`).join("; ");
  let written: string;
  try {
    written = stringify(data);
  } catch (error) {
    return `fast-json-stringify: ${(error as Error).message}`;
  }
  const plain = JSON.stringify(data);
  if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(plain))) return `written as ${written} instead of ${plain} (a key the schema lacks?)`;
  return undefined;
}
