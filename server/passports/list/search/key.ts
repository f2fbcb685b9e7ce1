/**
 * The key of a passport in SQLite's passport_search index (an FTS5 table, migration 0005): one
 * 63-bit rowid packing, from the top, the status, the passport id, and the agent, slot and visa type.
 *
 *   status 3 bits | id 31 bits | agent 14 bits | slot 13 bits | visa type 2 bits
 *
 * So a list of one status is one rowid range of the index, read newest first in rowid order, and the
 * agent, slot and visa type of a match are tested on its rowid without reading the passport. An agent
 * or slot id too large for its field is stored as the field's largest value, meaning "look it up".
 * Changing the layout needs a migration that rebuilds passport_search.
 */
import { PASSPORT_STATUSES, VISA_TYPES } from "../../../../src/contract";

interface Field {
  shift: number;
  bits: number;
}

export const KEY_FIELDS = {
  status: { shift: 60, bits: 3 },
  id: { shift: 29, bits: 31 },
  agent: { shift: 15, bits: 14 },
  slot: { shift: 2, bits: 13 },
  visa: { shift: 0, bits: 2 },
} as const satisfies Record<string, Field>;

const maxOf = (f: Field) => 2 ** f.bits - 1;

/** Code of a status outside the five this server writes. */
export const OTHER_STATUS_CODE = maxOf(KEY_FIELDS.status);
/** Code of a visa type outside the contract's three. */
export const OTHER_VISA_CODE = maxOf(KEY_FIELDS.visa);
/** Agent and slot codes that mean "this id does not fit: read it from the passport". */
export const AGENT_OVERFLOW = maxOf(KEY_FIELDS.agent);
export const SLOT_OVERFLOW = maxOf(KEY_FIELDS.slot);

export const statusCode = (status: string): number => {
  const i = (PASSPORT_STATUSES as readonly string[]).indexOf(status);
  return i < 0 ? OTHER_STATUS_CODE : i;
};
export const visaCode = (visaType: string): number => {
  const i = (VISA_TYPES as readonly string[]).indexOf(visaType);
  return i < 0 ? OTHER_VISA_CODE : i;
};
export const agentCode = (agentId: number): number => (agentId >= 0 && agentId < AGENT_OVERFLOW ? agentId : AGENT_OVERFLOW);
export const slotCode = (slotId: number): number => (slotId >= 0 && slotId < SLOT_OVERFLOW ? slotId : SLOT_OVERFLOW);

/** The field of a key as an SQL expression of the rowid. */
export const keyFieldSql = (field: keyof typeof KEY_FIELDS, rowid = "rowid"): string => {
  const f = KEY_FIELDS[field];
  return `((${rowid} >> ${f.shift}) & ${maxOf(f)})`;
};

/**
 * The smallest and largest key of a status code, as SQL integer literals (beyond JavaScript's safe
 * integers); of its passports between ids `lo` and `hi` when given.
 */
export function statusKeyRange(code: number, ids?: { lo: number; hi: number }): { lo: string; hi: string } {
  const shift = BigInt(KEY_FIELDS.status.shift);
  const top = BigInt(code) << shift;
  if (!ids) return { lo: top.toString(), hi: (top | ((1n << shift) - 1n)).toString() };
  const idShift = BigInt(KEY_FIELDS.id.shift);
  return { lo: (top | (BigInt(ids.lo) << idShift)).toString(), hi: (top | (BigInt(ids.hi) << idShift) | ((1n << idShift) - 1n)).toString() };
}

const caseOf = (column: string, values: readonly string[], other: number) =>
  `(case ${column} ${values.map((v, i) => `when '${v}' then ${i}`).join(" ")} else ${other} end)`;
const capped = (column: string, overflow: number) => `(case when ${column} between 0 and ${overflow - 1} then ${column} else ${overflow} end)`;

/** The key of the passport row `r` (e.g. `new`), as SQL for the triggers that keep passport_search in step. */
export function keySql(r: string): string {
  const f = KEY_FIELDS;
  return [
    `(${caseOf(`${r}.status`, PASSPORT_STATUSES, OTHER_STATUS_CODE)} << ${f.status.shift})`,
    `(${r}.id << ${f.id.shift})`,
    `(${capped(`${r}.agent_id`, AGENT_OVERFLOW)} << ${f.agent.shift})`,
    `(${capped(`${r}.slot_id`, SLOT_OVERFLOW)} << ${f.slot.shift})`,
    caseOf(`${r}.visa_type`, VISA_TYPES, OTHER_VISA_CODE),
  ].join(" | ");
}
