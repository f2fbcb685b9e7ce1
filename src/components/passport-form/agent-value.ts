import type { AgentOption } from "../../contract";

/** The agent select's option value (spec §2): "7-rahim". */
export function agentOptionValue(id: number | string, username: string): string {
  return `${id}-${username}`;
}

export function agentSelectOptions(agents: AgentOption[]) {
  return agents.map((agent) => ({ value: agentOptionValue(agent.id, agent.username), label: agent.username }));
}

/** "7-rahim" → { agentId: "7", agentName: "rahim" }. Splits at the first hyphen: usernames may hold more. */
export function splitAgentValue(value: string): { agentId: string; agentName: string } {
  const at = value.indexOf("-");
  if (at < 0) return { agentId: value, agentName: "" };
  return { agentId: value.slice(0, at), agentName: value.slice(at + 1) };
}
