/**
 * What the server refuses to start with, in the declarations themselves: a name that is no path
 * segment, fields that name nothing (title, owner, default order, a reference's resource), `:own`
 * grants with no column saying whose a record is. defineResource checks some of these in the types;
 * these are checked for any declaration, tests' included.
 */
import { type AnyDataResource, RESOURCE_ACTIONS, grantsOf, hasSystemColumns } from "../../src/resources/model";

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function declarationProblems(resources: readonly AnyDataResource[]): string[] {
  const names = new Set(resources.map((r) => r.name));
  const problems: string[] = [];
  for (const resource of resources) {
    const where = `Declared resource "${resource.name}"`;
    if (!NAME.test(resource.name)) problems.push(`${where}: its name must be lower-case words joined by "-"`);
    if (resource.table !== undefined && !IDENTIFIER.test(resource.table)) problems.push(`${where}: its table must be a lower-case SQL name`);
    if (!(resource.title in resource.fields)) problems.push(`${where}: its title "${resource.title}" is not one of its fields`);
    if (resource.defaultSort && resource.defaultSort.field !== "id" && !(resource.defaultSort.field in resource.fields)) {
      problems.push(`${where}: its defaultSort "${resource.defaultSort.field}" is not one of its fields`);
    }
    for (const [name, field] of Object.entries(resource.fields)) {
      if (!/^[a-z][A-Za-z0-9]*$/.test(name)) problems.push(`${where}: the field name "${name}" must be camelCase letters and digits`);
      if (field.kind === "reference" && !names.has(field.to) && field.to !== "users") problems.push(`${where}: the field "${name}" refers to "${field.to}", which is not declared`);
    }
    if (resource.ownerField !== undefined) {
      const owner = resource.fields[resource.ownerField];
      if (owner?.kind !== "reference" || owner.to !== "users") problems.push(`${where}: its ownerField "${resource.ownerField}" must be a reference to users`);
    }
    const own = RESOURCE_ACTIONS.some((action) => grantsOf(resource, action).some((g) => g.own));
    if (own && resource.ownerField === undefined && !hasSystemColumns(resource)) {
      problems.push(`${where}: its ":own" grants need an ownerField or the system columns (created_by)`);
    }
    if (resource.legacy && resource.access.import !== undefined) problems.push(`${where}: a legacy declaration has no import; remove its access.import`);
    for (const use of resource.usedBy ?? []) {
      if (!IDENTIFIER.test(use.table) || !IDENTIFIER.test(use.column)) problems.push(`${where}: usedBy ${use.table}.${use.column} is not a table and column name`);
    }
  }
  return problems;
}
