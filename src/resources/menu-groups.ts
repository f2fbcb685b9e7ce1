/** Parent items of the menus (spec §2 Layout); `order` places the parent among its siblings. */
export const MENU_GROUPS = {
  agentRole: { label: { en: "Agent Role", bn: "এজেন্ট রোল" }, order: 0 },
  controlPanel: { label: { en: "Control Panel", bn: "কন্ট্রোল প্যানেল" }, order: 5 },
} as const;
