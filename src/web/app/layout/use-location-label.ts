import { useSyncExternalStore } from "react";
import { useMe } from "../../features/auth/use-me";
import { LOCATION_EVENT, storage } from "../../lib/storage";

function subscribe(listener: () => void) {
  window.addEventListener(LOCATION_EVENT, listener);
  window.addEventListener("storage", listener);
  return () => {
    window.removeEventListener(LOCATION_EVENT, listener);
    window.removeEventListener("storage", listener);
  };
}

/** The nav's location label: this browser's stored location, else the profile's, else 'Set location'. */
export function useLocationLabel(): string {
  const me = useMe();
  const stored = useSyncExternalStore(subscribe, storage.location, () => null);
  return stored || me.data?.location || "Set location";
}
