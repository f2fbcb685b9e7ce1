export * from "./fields";
export * from "./resource";
export * from "./schema";
export * from "./field-text";
