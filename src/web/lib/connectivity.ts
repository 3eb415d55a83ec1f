import { useSyncExternalStore } from "react";

/** Spec §4 Connectivity: `offline` follows the browser; `degraded` follows API failures. */
export interface Connectivity {
  offline: boolean;
  degraded: boolean;
}

let state: Connectivity = {
  offline: typeof navigator !== "undefined" ? !navigator.onLine : false,
  degraded: false,
};
const listeners = new Set<() => void>();

function update(change: Partial<Connectivity>) {
  const next = { ...state, ...change };
  if (next.offline === state.offline && next.degraded === state.degraded) return;
  state = next;
  for (const listener of listeners) listener();
}

export const connectivity = {
  get: () => state,
  setOffline: (offline: boolean) => update({ offline }),
  setDegraded: (degraded: boolean) => update({ degraded }),
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

if (typeof window !== "undefined") {
  window.addEventListener("online", () => connectivity.setOffline(false));
  window.addEventListener("offline", () => connectivity.setOffline(true));
}

export function useConnectivity(): Connectivity {
  return useSyncExternalStore(connectivity.subscribe, connectivity.get, connectivity.get);
}
