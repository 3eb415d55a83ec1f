// placeholder until branch h22-2 lands
export type SafetyClass = "emergency" | "wild-edibility" | "toxicity" | "legal" | "injection";
export interface SafetyRead {
  class: SafetyClass;
  who?: "pet" | "child";
  urgent?: boolean;
}
export function classifySafety(_message: string): SafetyRead | null {
  return null;
}
export function safetyReply(_read: SafetyRead): string | null {
  return null;
}
export function poisonLine(_who: "pet" | "child"): string {
  return "";
}
