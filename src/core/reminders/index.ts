export * from "./digest";
export * from "./harvest-due";
export * from "./local-time";
