export * from "./access";
export * from "./frame";
export * from "./relay";
export * from "./relay-host";
