import { Button, Select, Space } from "antd";
import { useTranslation } from "react-i18next";
import type { AgentOption } from "../../contract";

export interface AgentFilterProps {
  agents: AgentOption[];
  /** The selected agent's id (undefined / null / "" for none). */
  value?: number | string | null;
  onChange: (agentId: number | undefined) => void;
  loading?: boolean;
}

/** Agent dropdown of the admin and super-admin tables, with "Clear Agent" (spec §2). */
export function AgentFilter({ agents, value, onChange, loading }: AgentFilterProps) {
  const { t } = useTranslation();
  const selected = value === undefined || value === null || value === "" ? undefined : Number(value);
  return (
    <Space wrap>
      <Select<number>
        aria-label={t("filters.agent")}
        placeholder={t("filters.selectAgent")}
        style={{ minWidth: 220 }}
        showSearch
        optionFilterProp="label"
        loading={loading}
        value={selected}
        options={agents.map((agent) => ({ value: agent.id, label: agent.username }))}
        onChange={(id) => onChange(id)}
      />
      <Button onClick={() => onChange(undefined)} disabled={selected === undefined}>
        {t("filters.clearAgent")}
      </Button>
    </Space>
  );
}
