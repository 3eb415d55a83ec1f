export interface TelemetryEntry {
  at: string;
  kind: string;
  message: string;
}

declare global {
  interface Window {
    __tendrilTelemetry?: TelemetryEntry[];
  }
}

const MAX_ENTRIES = 200;

/** Spec §8: failures are logged to a telemetry list on the window (kept short). */
export function recordFailure(kind: string, message: string): void {
  if (typeof window === "undefined") return;
  const list = window.__tendrilTelemetry ?? [];
  window.__tendrilTelemetry = list;
  list.push({ at: new Date().toISOString(), kind, message });
  if (list.length > MAX_ENTRIES) list.splice(0, list.length - MAX_ENTRIES);
}
