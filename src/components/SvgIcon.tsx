/**
 * An icon of @ant-design/icons-svg drawn as plain SVG, without @ant-design/icons' React code: for the
 * sign-in page and the start-up, which download no antd (issue 28's 150 kB).
 */
import type { IconDefinition } from "@ant-design/icons-svg/es/types";

export function SvgIcon({ definition, className }: { definition: IconDefinition; className?: string }) {
  const { attrs, children = [] } = definition.icon as { attrs: Record<string, string>; children?: { attrs: Record<string, string> }[] };
  return (
    <svg viewBox={attrs.viewBox} width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      {children.map((path) => (
        <path key={path.attrs.d} d={path.attrs.d} />
      ))}
    </svg>
  );
}
