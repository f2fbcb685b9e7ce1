/**
 * The key of a passport in SQLite's passport_search index (an FTS5 table, migration 0005): one
 * 63-bit rowid packing, from the top, the status, the passport id, and the agent, slot and visa type.
 *
 *   status 3 bits | id 31 bits | agent 14 bits | slot 13 bits | visa type 2 bits
 *
 * So a list of one status is one rowid range of the index, read newest first in rowid order, and the
 * agent, slot and visa type of a match are tested on its rowid without reading the passport. An agent
 * or slot id too large for its field is stored as the field's largest value, meaning "look it up".
 * The triggers compute the key in SQL (migration 0005's keySql); changing the layout needs a
 * migration that rebuilds passport_search.
 */

/**
 * The statuses and visa types with a code of their own, in code order, as migration 0005's triggers
 * write them (its frozen copy of the contract's lists then): a status or visa type added to the
 * contract since is coded "other" by the triggers too, until a migration rebuilds passport_search.
 */
const KEY_STATUSES = ["PENDING", "REVIEWED", "COMPLETED", "APPROVED", "REJECTED"] as const;
const KEY_VISA_TYPES = ["WORKVISA", "VISITVISA", "STUDENTVISA"] as const;

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

/** Code of a status outside KEY_STATUSES. */
export const OTHER_STATUS_CODE = maxOf(KEY_FIELDS.status);
/** Code of a visa type outside KEY_VISA_TYPES. */
export const OTHER_VISA_CODE = maxOf(KEY_FIELDS.visa);
/** Agent and slot codes that mean "this id does not fit: read it from the passport". */
export const AGENT_OVERFLOW = maxOf(KEY_FIELDS.agent);
export const SLOT_OVERFLOW = maxOf(KEY_FIELDS.slot);

export const statusCode = (status: string): number => {
  const i = (KEY_STATUSES as readonly string[]).indexOf(status);
  return i < 0 ? OTHER_STATUS_CODE : i;
};
export const visaCode = (visaType: string): number => {
  const i = (KEY_VISA_TYPES as readonly string[]).indexOf(visaType);
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
