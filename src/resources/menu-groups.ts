/** Parent items of the menus (spec §2 Layout); `order` places the parent among its siblings. */
export const MENU_GROUPS = {
  agentRole: { label: "Agent Role", order: 0 },
  controlPanel: { label: "Control Panel", order: 5 },
} as const;
