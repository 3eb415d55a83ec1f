export * from "./digest";
export * from "./local-time";
