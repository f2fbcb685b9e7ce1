import { useTranslation } from "react-i18next";
import { useFormat } from "../../i18n/useFormat";
import { useLocalText } from "../../i18n/useLocalText";
import type { ValueWords } from "../../resources/model/field-text";
import type { AnyDataResource, ResourceTexts } from "../../resources/model/resource";
import type { RuleWords } from "../../resources/model/schema";

/**
 * A declared resource's words in the chosen language (issue 28): its own texts as declared (plain
 * English, or `{ en, bn }`), the defaults built from its labels from the locale files (`declared.*`),
 * values as the screens show them (Yes / No, Bengali digits) and the rules' messages for its form.
 */
export function useDeclaredWords(data: AnyDataResource) {
  const { t } = useTranslation();
  const text = useLocalText();
  const { digits } = useFormat();
  const one = text(data.label.one);
  const many = text(data.label.many);
  const declared = (key: keyof ResourceTexts) => {
    const own = data.texts?.[key];
    return own === undefined ? undefined : text(own);
  };
  const legacy = data.legacy?.messages;
  const texts: ResourceTexts = {
    actions: declared("actions") ?? t("declared.actions"),
    createButton: declared("createButton") ?? t("declared.createButton", { one }),
    createTitle: declared("createTitle") ?? t("declared.createTitle", { one }),
    editTitle: declared("editTitle") ?? t("declared.editTitle", { one }),
    createSubmit: declared("createSubmit") ?? t("declared.save"),
    editSubmit: declared("editSubmit") ?? t("declared.save"),
    deleteConfirm: declared("deleteConfirm") ?? t("declared.deleteConfirm", { oneLower: one.toLowerCase() }),
    created: declared("created") ?? (legacy ? text(legacy.created) : t("declared.created", { one })),
    updated: declared("updated") ?? (legacy ? text(legacy.updated) : t("declared.updated", { one })),
    deleted: declared("deleted") ?? (legacy ? text(legacy.deleted) : t("declared.deleted", { one })),
    inUse: declared("inUse") ?? "",
  };
  const values: ValueWords = { text, yes: t("declared.yes"), no: t("declared.no"), digits };
  const rules: RuleWords = {
    text,
    required: (label) => t("declared.rules.required", { label }),
    minLength: (label, min) => t("declared.rules.minLength", { label, min: digits(String(min)) }),
    email: () => t("declared.rules.email"),
    phone: () => t("declared.rules.phone"),
    notValid: (label) => t("declared.rules.notValid", { label }),
    wholeNumber: (label) => t("declared.rules.wholeNumber", { label }),
    atLeast: (label, min) => t("declared.rules.atLeast", { label, min: digits(String(min)) }),
    atMost: (label, max) => t("declared.rules.atMost", { label, max: digits(String(max)) }),
    date: (label) => t("declared.rules.date", { label }),
    dateTime: (label) => t("declared.rules.dateTime", { label }),
    trueOrFalse: (label) => t("declared.rules.trueOrFalse", { label }),
    oneOf: (label, list) => t("declared.rules.oneOf", { label, values: list }),
  };
  return { t, text, one, many, texts, values, rules };
}

export type DeclaredWords = ReturnType<typeof useDeclaredWords>;
