/**
 * Replies are written by their route's documented schema: the zod schema turned into JSON Schema and
 * compiled by fast-json-stringify, which writes a page of passports faster than JSON.stringify, where
 * encoding it through zod first took two to four times as long (docs/api.md "Serialisation"). A reply
 * holds only what its schema names; the tests check that nothing is left behind (reply-check.ts).
 */
import fastJson, { type Schema } from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { z } from "zod";

export type Stringify = (data: unknown) => string;

/** Compiled once per schema in a process: the routes' schemas are module constants, shared by every app built. */
const compiled = new WeakMap<z.ZodType, Stringify>();

export function stringifierOf(schema: z.ZodType): Stringify {
  let stringify = compiled.get(schema);
  if (!stringify) {
    // An empty registry inlines the schemas that carry a component id, so there is no $ref to resolve.
    const json = z.toJSONSchema(schema, { io: "output", target: "draft-2020-12", metadata: new z.core.$ZodRegistry(), unrepresentable: "throw" });
    stringify = fastJson(json as Schema);
    compiled.set(schema, stringify);
  }
  return stringify;
}

export const replySerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => stringifierOf(schema);
