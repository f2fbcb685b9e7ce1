import type { Passport } from "../contract/dto";
import type { StatusPalette } from "../components/display/status";
import type { PassportColumnId } from "../resources/passport-columns";
import { type CardView, type CellView, cellView, type ColumnView } from "../components/passport-table/view-model";
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
  columns: ColumnView[];
  /** A phone's card: besides the name, what it shows. */
  card: CardView;
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

/** A cell as text, a tag in its colour, or a link's text in the link colour (it takes no clicks). */
function cell(view: CellView): Child {
  if (view.kind === "tag") return el("span", `${styles.tag} ${styles[view.color] ?? ""}`, view.text);
  if (view.kind === "link") return el("span", styles.link, view.text);
  return view.text;
}

function cards(props: FirstScreenProps): HTMLElement {
  return el(
    "div",
    styles.cards,
    ...props.rows.map((passport, index) => {
      const view = (id: PassportColumnId) => cellView(id, passport, props.firstSerial + index, props.palette);
      const { passportNo, status, fields } = props.card;
      const card = el(
        "div",
        styles.card,
        el(
          "div",
          styles.cardHead,
          el("div", undefined, el("div", styles.cardName, view("fullName").text), passportNo && el("div", styles.secondary, view("passportNo").text)),
          status && cell(view("status")),
        ),
        el("dl", styles.fields, ...fields.map((field) => el("div", undefined, el("dt", undefined, field.title), el("dd", undefined, cell(view(field.id)))))),
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
      ...columns.map((column) => el("td", column.wrap ? styles.wrap : undefined, cell(cellView(column.id, passport, firstSerial + index, palette)))),
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
