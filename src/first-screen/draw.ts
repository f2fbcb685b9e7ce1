import type { Passport } from "../contract/dto";
import type { StatusPalette } from "../components/display/status";
import type { PassportColumnId } from "../resources/passport-columns";
import { type CellText, cellText } from "./cell-text";
import styles from "./first-screen.module.css";

export interface FirstScreenProps {
  brand: string;
  /** The role's colours: the sidebar and the selected menu item. */
  colours: { sider: string; primary: string };
  /** Top-level menu labels, and the one of the list on screen. */
  menu: { labels: string[]; selected?: string };
  heading: { title: string; crumbs: string[] };
  /** What the window fits: the sidebar (wide), the table (not phone), else cards. */
  layout: "wide" | "narrow" | "phone";
  columns: { id: PassportColumnId; title: string; wrap?: boolean }[];
  /** A phone card's labelled fields. */
  cardFields: { id: PassportColumnId; title: string }[];
  rows: Passport[];
  firstSerial: number;
  palette: StatusPalette;
  footer: string;
  /** The hint shown while no filter is set, else nothing (the chips' place is kept). */
  hint?: string;
}

type Child = Node | string | false | undefined;

/** An element with its class and children; text goes in as text, never as markup. */
function el(tag: string, className: string | undefined, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  if (className) element.className = className;
  for (const child of children) if (child !== false && child !== undefined) element.append(child);
  return element;
}

function cell({ text, tag }: CellText): Child {
  return tag ? el("span", `${styles.tag} ${styles[tag] ?? ""}`, text) : text;
}

function cards(props: FirstScreenProps): HTMLElement {
  return el(
    "div",
    styles.cards,
    ...props.rows.map((passport) => {
      const card = el(
        "div",
        styles.card,
        el("div", styles.cardHead, el("div", undefined, el("div", styles.cardName, passport.fullName), el("div", styles.secondary, passport.passportNo)), cell(cellText("status", passport, 0, props.palette))),
        el("dl", styles.fields, ...props.cardFields.map((field) => el("div", undefined, el("dt", undefined, field.title), el("dd", undefined, cell(cellText(field.id, passport, 0, props.palette)))))),
      );
      card.dataset.firstScreenRow = "";
      return card;
    }),
  );
}

function table(props: FirstScreenProps): HTMLElement {
  const { columns, rows, palette, firstSerial } = props;
  const body = rows.map((passport, index) => {
    const row = el(
      "tr",
      undefined,
      ...columns.map((column) =>
        el("td", column.wrap ? styles.wrap : undefined, el("span", column.id === "fullName" || column.id === "attachments" ? styles.link : undefined, cell(cellText(column.id, passport, firstSerial + index, palette)))),
      ),
    );
    row.dataset.firstScreenRow = "";
    return row;
  });
  return el("div", styles.tableFrame, el("table", styles.table, el("thead", undefined, el("tr", undefined, ...columns.map((column) => el("th", undefined, column.title)))), el("tbody", undefined, ...body)));
}

/**
 * The list as it will show, drawn from its data before the app's code has loaded (./start.ts): a
 * picture of the screen, without its controls, in plain DOM (React is part of the app's code). It is
 * hidden from assistive technology and takes no clicks; the app's own screen, drawn underneath,
 * replaces it when ready.
 */
export function drawFirstScreen(props: FirstScreenProps): HTMLElement {
  const { layout } = props;
  const sider =
    layout === "wide" &&
    el(
      "div",
      styles.sider,
      el("div", styles.brand, props.brand),
      ...props.menu.labels.map((label) => {
        const item = el("div", styles.menuItem, label);
        if (label === props.menu.selected) Object.assign(item.style, { background: props.colours.primary, color: "#fff" });
        return item;
      }),
    );
  if (sider) sider.style.background = props.colours.sider;
  const screen = el(
    "div",
    styles.screen,
    sider,
    el(
      "div",
      styles.main,
      el(
        "div",
        layout === "phone" ? `${styles.header} ${styles.phoneHeader}` : styles.header,
        layout === "wide" && props.heading.crumbs.length > 0 && el("div", styles.crumbs, props.heading.crumbs.join(" / ")),
        el("div", styles.title, props.heading.title),
      ),
      el("div", styles.progress),
      el("div", layout === "phone" ? styles.phoneContent : styles.content, el("div", styles.toolbar), el("div", styles.hint, props.hint), layout === "phone" ? cards(props) : table(props), el("div", styles.footer, props.footer)),
    ),
  );
  screen.dataset.firstScreen = "";
  screen.setAttribute("aria-hidden", "true");
  return screen;
}
