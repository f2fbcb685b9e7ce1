export { ImportButton } from "./ImportButton";
export { ImportWizard, type ImportWizardProps } from "./ImportWizard";
