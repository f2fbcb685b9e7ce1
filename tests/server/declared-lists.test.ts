/**
 * The declared resources' lists (GET /api/<name>) against a plain JavaScript filter and sort of the same
 * records: a resource declared here with a field of every kind, all filterable, 60 random records with
 * ties and empty values, then each window, each sortable field both ways, each filter operator on each
 * field and `q`, on both databases.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toColumns } from "../../server/resources/columns";
import { type AnyDataResource, type Field, defineResource, field, isSortable, isTextKind, operatorsOf } from "../../src/resources/model";
import { createDeclaredApp, generateDeclared } from "./declared-app";
import { insertSample } from "./declared-samples";
import { call, createUser, DIALECTS, type TestApp, type TestUser } from "./harness";

const specimens = defineResource({
  name: "specimens",
  label: { one: "Specimen", many: "Specimens" },
  title: "name",
  fields: {
    name: field.text("Name", { required: true, searchable: true, filterable: true }),
    code: field.text("Code", { filterable: true }),
    notes: field.longText("Notes", { searchable: true, filterable: true, sortable: true }),
    quantity: field.number("Quantity", { filterable: true, min: -1000 }),
    price: field.money("Price", { filterable: true }),
    day: field.date("Day", { filterable: true }),
    at: field.dateTime("At", { filterable: true }),
    ready: field.boolean("Ready", { filterable: true }),
    grade: field.enum("Grade", ["A", "B", "C"], { filterable: true }),
    employerId: field.reference("Employer", "employers", { filterable: true }),
  },
  access: { list: ["ADMIN"], show: ["ADMIN"], create: ["ADMIN"], update: ["ADMIN"], delete: ["ADMIN"] },
});
const RESOURCE: AnyDataResource = specimens;
const COUNT = 60;
const setup = generateDeclared([specimens]);

/** Mulberry32, seeded: a failure replays. */
function generator(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T,>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  return { next, int, pick };
}

type Wire = Record<string, unknown> & { id: number };

/** Text of letters of both cases, digits, LIKE's wildcards and escape, and Bengali (which has no case). */
const ALPHABET = [..."aAbBcCxXyY019 %_\\কখগ"];

const compareBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** As both databases order a column: empty first, text by its bytes. */
function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  if (typeof a === "string") return compareBytes(a, b as string);
  return Number(a) - Number(b);
}

function reference(records: Wire[], sort: { field: string; order: "asc" | "desc" }[]): number[] {
  const chosen = sort.length > 0 ? sort : [{ field: "id", order: "desc" as const }];
  const idOrder = chosen.find((s) => s.field === "id")?.order ?? chosen[0].order;
  return [...records]
    .sort((x, y) => {
      for (const { field: name, order } of chosen.filter((s) => s.field !== "id")) {
        const c = compareValues(x[name], y[name]);
        if (c !== 0) return order === "asc" ? c : -c;
      }
      return idOrder === "asc" ? x.id - y.id : y.id - x.id;
    })
    .map((r) => r.id);
}

const lower = (v: unknown) => String(v).toLowerCase();

/** Whether a record passes one filter, as the API means it. */
function passes(f: Field, value: unknown, operator: string, wanted: unknown[]): boolean {
  const text = isTextKind(f);
  const same = (v: unknown) => (text ? lower(value) === lower(v) : value === v);
  switch (operator) {
    case "":
      return value !== null && wanted.some(same);
    case "_ne":
      return value === null || !wanted.some(same);
    case "_gte":
      return value !== null && wanted.every((v) => compareValues(value, v) >= 0);
    case "_lte":
      return value !== null && wanted.every((v) => compareValues(value, v) <= 0);
    case "_like":
      return value !== null && wanted.some((v) => lower(value).includes(lower(v)));
  }
  throw new Error(operator);
}

describe.each(DIALECTS)("declared lists on %s", (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let records: Wire[] = [];
  const random = generator(2611);

  beforeAll(async () => {
    t = await createDeclaredApp(dialect, await setup);
    admin = await createUser(t, "lists.admin", ["ADMIN"]);
    const resources = (await setup).resources;
    const employers = [] as number[];
    for (let i = 0; i < 4; i++) employers.push(await insertSample(t, resources.find((r) => r.name === "employers")!, resources, { createdBy: admin.id }));
    const text = (min: number, max: number) => {
      let value = Array.from({ length: random.int(min, max) }, () => random.pick(ALPHABET)).join("").trim();
      while (value === "") value = random.pick(ALPHABET).trim();
      return value;
    };
    const maybe = <T,>(value: () => T): T | null => (random.next() < 0.2 ? null : value());
    // Few distinct values per field, so sorts meet ties and equality filters match several.
    const names = Array.from({ length: 12 }, () => text(1, 6));
    for (let i = 0; i < COUNT; i++) {
      const values: Record<string, unknown> = {
        name: random.pick(names),
        code: maybe(() => random.pick(["ab", "AB", "b%", "x_y", "কখ", "Ab1"])),
        notes: maybe(() => text(3, 20)),
        quantity: maybe(() => random.int(-5, 5)),
        price: maybe(() => random.int(0, 4) * 1000),
        day: maybe(() => `2026-0${random.int(1, 3)}-1${random.int(0, 2)}`),
        at: maybe(() => new Date(Date.UTC(2026, random.int(0, 2), random.int(1, 3), random.int(0, 23))).toISOString()),
        ready: random.next() < 0.5,
        grade: maybe(() => random.pick(["A", "B", "C"])),
        employerId: maybe(() => random.pick(employers)),
      };
      const id = Number(
        (
          await (t.db as unknown as Kysely<any>)
            .insertInto("specimens")
            .values({ ...toColumns(RESOURCE, values), created_at: new Date().toISOString(), updated_at: new Date().toISOString(), created_by: admin.id })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
      records.push({ id, ...values });
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await call(t, admin, { method: "GET", url: `/api/specimens?${query}` });
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return { ids: (res.json() as Wire[]).map((r) => r.id), total: Number(res.headers["x-total-count"]), body: res.json() as Wire[] };
  };

  it("answers records as stored, newest first, 10 by default, with the total", async () => {
    const { ids, total, body } = await list("");
    expect(total).toBe(COUNT);
    expect(ids).toEqual(reference(records, []).slice(0, 10));
    const byId = new Map(records.map((r) => [r.id, r]));
    for (const record of body) expect(record).toMatchObject(byId.get(record.id)!);
  });

  it.each([
    [0, 10],
    [10, 25],
    [50, 60],
    [55, 100],
    [60, 70],
    [0, 0],
  ])("pages from _start=%i to _end=%i", async (start, end) => {
    const { ids, total } = await list(`_start=${start}&_end=${end}`);
    expect(ids).toEqual(reference(records, []).slice(start, end));
    expect(total).toBe(COUNT);
  });

  const sortable = ["id", ...Object.entries(RESOURCE.fields).filter(([, f]) => isSortable(f)).map(([name]) => name)];
  it.each(sortable.flatMap((name) => [[name, "asc"] as const, [name, "desc"] as const]))("sorts by %s %s, ties by id", async (name, order) => {
    const { ids } = await list(`_start=0&_end=100&_sort=${name}&_order=${order}`);
    expect(ids).toEqual(reference(records, [{ field: name, order }]));
  });

  it.each(sortable.flatMap((name) => [[name, "asc"] as const, [name, "desc"] as const]))(
    "reads a window of the list's second half (from its end, backwards) sorted by %s %s as it reads the first",
    async (name, order) => {
      const { ids, total } = await list(`_start=37&_end=52&_sort=${name}&_order=${order}`);
      expect(ids).toEqual(reference(records, [{ field: name, order }]).slice(37, 52));
      expect(total).toBe(COUNT);
    },
  );

  it("reads the last window of a filtered list from its end", async () => {
    const ready = records.filter((r) => r.ready === true);
    const all = reference(ready, [{ field: "name", order: "asc" }]);
    expect(all.length).toBeGreaterThan(6);
    const { ids, total } = await list(`ready=true&_sort=name&_order=asc&_start=${all.length - 5}&_end=${all.length + 5}`);
    expect(ids).toEqual(all.slice(-5));
    expect(total).toBe(all.length);
  });

  it("sorts by several fields, in the order given", async () => {
    const sort = [
      { field: "grade", order: "desc" as const },
      { field: "ready", order: "asc" as const },
      { field: "quantity", order: "desc" as const },
    ];
    const { ids } = await list(`_start=0&_end=100&_sort=${sort.map((s) => s.field).join(",")}&_order=${sort.map((s) => s.order).join(",")}`);
    expect(ids).toEqual(reference(records, sort));
  });

  const filters = Object.entries(RESOURCE.fields).flatMap(([name, f]) => operatorsOf(f).map((operator) => [name, operator || "=", f] as const));
  it.each(filters)("filters %s by %s like a plain filter of the records", async (name, shown, f) => {
    const operator = shown === "=" ? "" : shown;
    const matched: number[] = [];
    for (let round = 0; round < 4; round++) {
      const withValue = records.filter((r) => r[name] !== null);
      let wanted: unknown[] = [random.pick(withValue)[name]];
      if (operator === "" && round === 3) wanted = [...wanted, random.pick(withValue)[name]]; // any of two values
      if (operator === "_like") wanted = [String(wanted[0]).slice(0, random.int(1, 2)).trim() || String(wanted[0])];
      // Text equality and contains ignore case: ask in another case.
      if (isTextKind(f) && round % 2 === 1) wanted = wanted.map((v) => String(v).toUpperCase());
      const key = `${name}${operator}`;
      const query = wanted.map((v) => `${key}=${encodeURIComponent(String(v))}`).join("&");
      const { ids, total } = await list(`_start=0&_end=100&${query}`);
      const expected = reference(
        records.filter((r) => passes(f, r[name], operator, wanted)),
        [],
      );
      expect(ids, query).toEqual(expected);
      expect(total, query).toBe(expected.length);
      matched.push(expected.length);
    }
    expect(matched.some((n) => n > 0), "some round matches records").toBe(true);
  });

  it("finds `q` anywhere in the searchable fields, ignoring case, its wildcards literal", async () => {
    for (const q of ["a", "B", "%", "_", "\\", "কখ", "x_", "zzz", records[0].name as string]) {
      const { ids } = await list(`_start=0&_end=100&q=${encodeURIComponent(q)}`);
      const expected = reference(
        records.filter((r) => [r.name, r.notes].some((v) => v !== null && lower(v).includes(lower(q)))),
        [],
      );
      expect(ids, q).toEqual(expected);
    }
  });

  it("combines filters, q and a sort", async () => {
    const { ids } = await list("_start=0&_end=100&ready=true&price_gte=1000&q=a&_sort=name&_order=asc");
    const expected = reference(
      records.filter((r) => r.ready === true && r.price !== null && Number(r.price) >= 1000 && [r.name, r.notes].some((v) => v !== null && lower(v).includes("a"))),
      [{ field: "name", order: "asc" }],
    );
    expect(ids).toEqual(expected);
  });

  it("answers the records asked for by id (getMany), all of them without a window", async () => {
    const wanted = records.slice(0, 15).map((r) => r.id);
    const { ids, total } = await list(wanted.map((id) => `id=${id}`).join("&"));
    expect([...ids].sort((a, b) => a - b)).toEqual([...wanted].sort((a, b) => a - b));
    expect(total).toBe(15);
  });

  it.each([
    ["an unknown key", "nope=1", "nope"],
    ["a field that is not filterable by that operator", "grade_like=A", "grade_like"],
    ["a window over 100", "_start=0&_end=101", "_end"],
    ["an unknown sort", "_sort=created_by", "_sort"],
    ["a bad order", "_sort=name&_order=up", "_order"],
    ["a bad date", "day=2026-02-30", "day"],
    ["a bad number", "quantity_gte=many", "quantity_gte"],
  ])("refuses %s with 400 under its key", async (_what, query, key) => {
    const res = await call(t, admin, { method: "GET", url: `/api/specimens?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, errors: { [key]: expect.any(String) } });
  });
});
