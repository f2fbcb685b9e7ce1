/**
 * A declared resource's record between the wire and its table: which column holds each field, and its
 * value in each form. On the wire (docs/resources.md "Records"): `id`, every field by its name (dates
 * YYYY-MM-DD, numbers whole, booleans true/false, a reference the other record's id, a file
 * `{fileName, contentType, size}` or null), then `createdAt` and `updatedAt` when the table has them.
 */
import { type AnyDataResource, type Field, columnOf, hasSystemColumns } from "../../src/resources/model";
import { fromDbBool, fromDbTimestamp, toDbBool, toDbTimestamp } from "../db/values";

export type WireRecord = Record<string, unknown> & { id: number };
export type Row = Record<string, unknown> & { id: number };

export interface FileInfo {
  fileName: string;
  contentType: string;
  size: number;
}

export interface StoredField {
  name: string;
  field: Field;
  column: string;
}

/** The fields that have a column (every kind but files). */
export const storedFields = (resource: AnyDataResource): StoredField[] =>
  Object.entries(resource.fields)
    .filter(([, f]) => f.kind !== "file")
    .map(([name, field]) => ({ name, field, column: columnOf(name) }));

export const fileFieldNames = (resource: AnyDataResource): string[] =>
  Object.entries(resource.fields)
    .filter(([, f]) => f.kind === "file")
    .map(([name]) => name);

/**
 * The column that says whose a record is for `:own` grants: the owner field's, else the creator's.
 * Undefined when the table has neither (declaration-checks.ts refuses `:own` grants then).
 */
export function ownerColumn(resource: AnyDataResource): string | undefined {
  if (resource.ownerField) return columnOf(resource.ownerField);
  return hasSystemColumns(resource) ? "created_by" : undefined;
}

/** A field's value as its column takes it (the value is valid: the record's schema passed it). */
export function toColumnValue(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.kind === "boolean") return toDbBool(value === true);
  if (field.kind === "dateTime") return toDbTimestamp(String(value));
  return value;
}

/** A column's value as the wire has it. */
export function fromColumnValue(field: Field, value: unknown): unknown {
  if (field.kind === "boolean") return fromDbBool(value);
  if (value === null || value === undefined) return null;
  if (field.kind === "dateTime") return fromDbTimestamp(value);
  if (field.kind === "number" || field.kind === "money" || field.kind === "reference") return Number(value);
  return value;
}

/** A row and its files as the wire record, its keys in the declaration's order. */
export function toWire(resource: AnyDataResource, row: Row, files: ReadonlyMap<string, FileInfo>): WireRecord {
  const record: WireRecord = { id: Number(row.id) };
  for (const [name, field] of Object.entries(resource.fields)) {
    record[name] = field.kind === "file" ? (files.get(name) ?? null) : fromColumnValue(field, row[columnOf(name)]);
  }
  if (hasSystemColumns(resource)) {
    record.createdAt = fromDbTimestamp(row.created_at);
    record.updatedAt = fromDbTimestamp(row.updated_at);
  }
  return record;
}

/** A record's values (wire names, validated) as columns. */
export function toColumns(resource: AnyDataResource, values: Record<string, unknown>): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  for (const { name, field, column } of storedFields(resource)) {
    if (name in values) columns[column] = toColumnValue(field, values[name]);
  }
  return columns;
}
