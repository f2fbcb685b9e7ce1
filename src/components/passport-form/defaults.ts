import { type AgentOption, DOCUMENT_FIELDS, type Passport } from "../../contract";
import { agentOptionValue } from "./agent-value";
import type { PassportFormInput } from "./schema";

/** Form values for a new passport or the one being edited (defaults Single, WORKVISA, 0 per spec §2). */
export function passportFormDefaults(passport: Partial<Passport> | undefined, agents: AgentOption[]): PassportFormInput {
  const p = passport ?? {};
  const agentName = p.agentName || agents.find((a) => a.id === Number(p.agentId))?.username;
  return {
    fullName: p.fullName ?? "",
    passportNo: p.passportNo ?? "",
    fathersName: p.fathersName ?? "",
    mothersName: p.mothersName ?? "",
    schooling: p.schooling ?? "",
    maritalStatus: p.maritalStatus ?? "Single",
    telephone: p.telephone ?? "",
    contractAmount: p.contractAmount ?? 0,
    passportIssueDate: p.passportIssueDate ?? "",
    passportExpireDate: p.passportExpireDate ?? "",
    visaType: p.visaType ?? "WORKVISA",
    dob: p.dob ?? "",
    agentId: p.agentId !== undefined && p.agentId !== null && agentName ? agentOptionValue(p.agentId, agentName) : "",
    slot: p.slot ?? "",
    ...Object.fromEntries(DOCUMENT_FIELDS.map((field) => [field, []])),
  };
}
