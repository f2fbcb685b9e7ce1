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

function Cell({ cell }: { cell: CellText }) {
  return cell.tag ? <span className={`${styles.tag} ${styles[cell.tag] ?? ""}`}>{cell.text}</span> : <>{cell.text}</>;
}

/**
 * The list as it will show, drawn from its data before the app's code has loaded (./start.ts): a
 * picture of the screen, without its controls. It is hidden from assistive technology and takes no
 * clicks; the app's own screen, drawn underneath, replaces it when ready.
 */
export function FirstScreen(props: FirstScreenProps) {
  const { layout, columns, rows, palette, firstSerial } = props;
  return (
    <div className={styles.screen} data-first-screen="" aria-hidden="true">
      {layout === "wide" && (
        <div className={styles.sider} style={{ background: props.colours.sider }}>
          <div className={styles.brand}>{props.brand}</div>
          {props.menu.labels.map((label) => (
            <div key={label} className={styles.menuItem} style={label === props.menu.selected ? { background: props.colours.primary, color: "#fff" } : undefined}>
              {label}
            </div>
          ))}
        </div>
      )}
      <div className={styles.main}>
        <div className={layout === "phone" ? `${styles.header} ${styles.phoneHeader}` : styles.header}>
          {layout === "wide" && props.heading.crumbs.length > 0 && <div className={styles.crumbs}>{props.heading.crumbs.join(" / ")}</div>}
          <div className={styles.title}>{props.heading.title}</div>
        </div>
        <div className={styles.progress} />
        <div className={layout === "phone" ? styles.phoneContent : styles.content}>
          <div className={styles.toolbar} />
          <div className={styles.hint}>{props.hint}</div>
          {layout === "phone" ? (
            <div className={styles.cards}>
              {rows.map((passport) => (
                <div key={passport.id} className={styles.card} data-first-screen-row="">
                  <div className={styles.cardHead}>
                    <div>
                      <div className={styles.cardName}>{passport.fullName}</div>
                      <div className={styles.secondary}>{passport.passportNo}</div>
                    </div>
                    <Cell cell={cellText("status", passport, 0, palette)} />
                  </div>
                  <dl className={styles.fields}>
                    {props.cardFields.map((field) => (
                      <div key={field.id}>
                        <dt>{field.title}</dt>
                        <dd>
                          <Cell cell={cellText(field.id, passport, 0, palette)} />
                        </dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
            </div>
          ) : (
            <div className={styles.tableFrame}>
              <table className={styles.table}>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column.id}>{column.title}</th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((passport, index) => (
                    <tr key={passport.id} data-first-screen-row="">
                      {columns.map((column) => (
                        <td key={column.id} className={column.wrap ? styles.wrap : undefined}>
                          <span className={column.id === "fullName" || column.id === "attachments" ? styles.link : undefined}>
                            <Cell cell={cellText(column.id, passport, firstSerial + index, palette)} />
                          </span>
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <div className={styles.footer}>{props.footer}</div>
        </div>
      </div>
    </div>
  );
}
