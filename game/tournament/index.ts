export * from "./bracket";
export * from "./countdown";
export * from "./prizes";
export * from "./schedule";
export * from "./meaning";
