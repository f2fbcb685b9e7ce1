import { useCan, useInvalidate } from "@refinedev/core";
import { useDeclaredWords } from "./useDeclaredWords";
import { API_BASE_URL } from "../../config";
import { REST_DATA_PROVIDER } from "../../resources/declared-screens";
import { ImportButton } from "../import";
import type { DeclaredScreen } from "./useDeclaredScreen";

/**
 * "Import" on a declared list (issue 27; docs/resources.md "Import"), for the roles the declaration
 * grants import: the import wizard on the resource's template and import routes, the list refreshed
 * once rows are written. A legacy declaration (slots) has no import.
 */
export function DeclaredImportButton({ screen }: { screen: DeclaredScreen }) {
  const { data } = screen;
  const canImport = useCan({ resource: screen.identifier, action: "import" }).data?.can === true && !data.legacy;
  const invalidate = useInvalidate();
  const { t, text, one, many } = useDeclaredWords(data);
  if (!canImport) return null;
  const base = `${API_BASE_URL}/api/${data.name}`;
  return (
    <ImportButton
      title={t("import.title", { list: text(screen.label) })}
      noun={{ one: one.toLowerCase(), other: many.toLowerCase() }}
      fieldLabel={(field) => {
        const declared = data.fields[field];
        return declared ? text(declared.label) : undefined;
      }}
      templateUrl={`${base}/import-template`}
      importUrl={`${base}/import`}
      refresh={() => invalidate({ resource: screen.identifier, dataProviderName: REST_DATA_PROVIDER, invalidates: ["list", "many"] })}
    />
  );
}
