/**
 * Records of any declared resource for tests: valid values made from each field's declaration, as the
 * API takes them (`sampleValues`) or inserted straight into the table (`insertSample`, with a chosen
 * creator or owner), the records a reference needs inserted first.
 */
import type { Kysely } from "kysely";
import { isoAt } from "../../server/clock";
import { toColumns } from "../../server/resources/columns";
import { englishText } from "../../src/i18n/local-text";
import { type AnyDataResource, type Field, hasSystemColumns, tableOf } from "../../src/resources/model";
import type { TestApp } from "./harness";

let counter = 0;

/** A value the field takes; `n` makes text unique. References are filled by the caller. */
export function sampleValue(field: Field, n: number, index: number): unknown {
  switch (field.kind) {
    case "text":
      if (field.format === "email") return `sample${n}@example.com`;
      if (field.format === "phone") return "01712345678";
      return `${englishText(field.label)} ${n}`.slice(0, field.max ?? 200);
    case "longText":
      return `${englishText(field.label)} ${n}\nsecond line`;
    case "number":
      return Math.max(field.min ?? 1, 1);
    case "money":
      return Math.max(field.min ?? 1000, 1000);
    case "date":
      // Later fields later: an expiry date comes after an issue date.
      return `2026-0${Math.min(9, 1 + index)}-15`;
    case "dateTime":
      return "2026-03-01T04:30:00.000Z";
    case "boolean":
      return false;
    case "enum":
      return field.values[0];
    case "reference":
    case "file":
      return undefined;
  }
}

/** Values for every field but files (references to new records of their resource, or to `userId` for users). */
export async function sampleValues(t: TestApp, resource: AnyDataResource, resources: readonly AnyDataResource[], userId: number): Promise<Record<string, unknown>> {
  const n = ++counter;
  const values: Record<string, unknown> = {};
  for (const [index, [name, field]] of Object.entries(resource.fields).entries()) {
    if (field.kind === "file") continue;
    if (field.kind === "reference") {
      const target = resources.find((r) => r.name === field.to);
      values[name] = target ? await insertSample(t, target, resources, { createdBy: userId }) : userId;
      continue;
    }
    values[name] = sampleValue(field, n, index);
  }
  return values;
}

/** Inserts a record straight into its table, created by (and, with an owner field, owned by) `createdBy`; answers its id. */
export async function insertSample(
  t: TestApp,
  resource: AnyDataResource,
  resources: readonly AnyDataResource[],
  { createdBy, values = {} }: { createdBy: number; values?: Record<string, unknown> },
): Promise<number> {
  const sample = { ...(await sampleValues(t, resource, resources, createdBy)), ...(resource.ownerField ? { [resource.ownerField]: createdBy } : {}), ...values };
  const at = isoAt(Date.now());
  const row = await (t.db as unknown as Kysely<any>)
    .insertInto(tableOf(resource))
    .values({ ...toColumns(resource, sample), ...(hasSystemColumns(resource) ? { created_at: at, updated_at: at, created_by: createdBy } : {}) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
