import { connectivity } from "./connectivity";
import { recordFailure } from "./telemetry";
import { toast } from "./toast-store";

const NETWORK_PATTERN = /failed to fetch|network ?error|load failed|networkerror/i;

export function isNetworkError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? "");
  return NETWORK_PATTERN.test(message);
}

/** Spec §8 Global: network-looking errors set the offline flag and show the 'Network error' toast. */
export function handleNetworkError(reason: unknown): void {
  if (!isNetworkError(reason)) return;
  connectivity.setOffline(true);
  recordFailure("network", reason instanceof Error ? reason.message : String(reason));
  toast({
    title: "Network error",
    description: "Connection appears offline or blocked. Changes will sync when back online.",
    variant: "destructive",
  });
}

export function installGlobalErrorHandlers(): void {
  window.addEventListener("unhandledrejection", (event) => handleNetworkError(event.reason));
  window.addEventListener("error", (event) => handleNetworkError(event.error ?? event.message));
  // Spec §8: a direct replacement of the page's fetch function is blocked.
  const original = window.fetch;
  Object.defineProperty(window, "fetch", {
    configurable: false,
    get: () => original,
    set: () => {
      recordFailure("security", "blocked an attempt to replace window.fetch");
    },
  });
}
