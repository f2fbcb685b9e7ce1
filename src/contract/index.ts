export * from "./enums";
export * from "./messages";
export * from "./schemas";
export * from "./envelope";
export * from "./dto";
export * from "./paths";
export * from "./workflow";
export * from "./text";
