export { PassportForm, type PassportFormFiles, type PassportFormProps, type PassportFormValues } from "./PassportForm";
export { passportFormSchema, type PassportFormInput, type PassportFormOutput } from "./schema";
export { passportFormDefaults } from "./defaults";
export { agentOptionValue, agentSelectOptions, splitAgentValue } from "./agent-value";
export { FormField, type FormFieldProps } from "./FormField";
