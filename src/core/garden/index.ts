export * from "./baseline-care";
export * from "./dates";
export * from "./plan-generator";
export * from "./plan-parsing";
export * from "./stage-emoji";
export * from "./tasks";
export * from "./timeline";
