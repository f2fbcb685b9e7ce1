/**
 * antd's styles for a signed-in start-up, made at build time (docs/web-performance.md): antd writes
 * each component's CSS at run time, in the browser, the first time the component draws — a third of
 * the CPU a slow phone spends starting the app. This renders the components the app's screens use,
 * in the app's own themes (AppShell > SignedInApp > AppLayout of a role), with antd's cssinjs, and
 * takes their CSS as a file. With the file loaded, cssinjs finds every style it would write listed in
 * it (the `.data-ant-cssinjs-cache-path` rule) and writes none; anything not in the file it still
 * writes as before, so a component missing here is slower, never unstyled.
 */
import { StyleProvider, createCache, extractStyle } from "@ant-design/cssinjs";
import * as antd from "antd";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { ROLES, type Role } from "../src/contract/enums";
import { BASE_TOKENS, SIGNED_IN_THEME, antdThemeFor } from "../src/components/layout/role-theme";

const { App, Badge, Breadcrumb, Button, Card, ConfigProvider, Drawer, Dropdown, Empty, Flex, Input, Layout, Menu, Modal, Pagination, Popover, Select, Skeleton, Space, Spin, Table, Tag, Tooltip, Typography } = antd;

/**
 * What the start-up screens draw (the passport lists, the layout, on a desk and on a phone): one of
 * each component, since antd writes a component's CSS whole (every variant) the first time one draws.
 * Forms, pickers and dialogs' contents are written when first opened, as before.
 */
function screens(): ReactNode {
  const columns = [{ title: "Name", dataIndex: "name", key: "name", fixed: "left" as const }];
  return h(
    Layout,
    null,
    h(Layout.Sider, null, h(Menu, { theme: "dark", mode: "inline", selectedKeys: ["a"], items: [{ key: "a", label: "A" }, { key: "b", label: "B", children: [{ key: "c", label: "C" }] }] })),
    h(
      Layout,
      null,
      h(Layout.Header, null, h(Breadcrumb, { items: [{ title: "A" }, { title: "B" }] }), h(Dropdown, { menu: { items: [{ key: "a", label: "A" }] } }, h(Button, null, "Menu")), h(Badge, { count: 1 })),
      h(
        Layout.Content,
        null,
        h(Typography.Title, null, "Title"),
        h(Typography.Text, null, "Text"),
        h(Space, null, h(Button, { type: "primary" }, "Primary"), h(Button, { size: "small" }, "Small")),
        h(Flex, null, h(Tag, null, "Tag"), h(Tag, { color: "green" }, "Tag")),
        h(Input, null),
        h(Input.Search, null),
        h(Select, { options: [] }),
        h(Table, { columns, dataSource: [], size: "small", scroll: { x: true }, sticky: true, pagination: { total: 100, showSizeChanger: true } }),
        h(Pagination, { total: 100 }),
        h(Card, { size: "small" }, h(Skeleton, { active: true }), h(Empty, null)),
        h(Tooltip, { title: "Tip" }, h("span", null, "Tip")),
        h(Popover, { content: "Pop" }, h("span", null, "Pop")),
        h(Modal, { open: false }),
        h(Drawer, { open: false }),
      ),
    ),
  );
}

/** The CSS of a start-up signed in as `role`: the signed-in app's frame in its themes, and its screens in the role's. */
export function antdStartupStyles(role: Role): string {
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(
        ConfigProvider,
        { theme: { token: BASE_TOKENS } },
        h(Spin, null),
        h(ConfigProvider, { theme: SIGNED_IN_THEME }, h(App, null, h(Spin, null), h(ConfigProvider, { theme: antdThemeFor(role) }, screens()))),
      ),
    ),
  );
  return extractStyle(cache, true);
}

// Run by the build (vite.config.ts) in a process of its own, with NODE_ENV=production: cssinjs fixes
// its class names' prefix when first loaded, and the browser's build is a production one.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(JSON.stringify(Object.fromEntries(ROLES.map((role) => [role, antdStartupStyles(role)]))));
}
