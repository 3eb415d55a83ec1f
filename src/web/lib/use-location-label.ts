import { useQuery } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import type { ZipZone } from "../../core/schemas/me";
import { api } from "./api-client";
import { getString, LOCATION_EVENT, storage } from "./storage";
import { useMe } from "./use-me";

function subscribe(listener: () => void) {
  window.addEventListener(LOCATION_EVENT, listener);
  window.addEventListener("storage", listener);
  return () => {
    window.removeEventListener(LOCATION_EVENT, listener);
    window.removeEventListener("storage", listener);
  };
}

const storedZip = () => getString("zip");

/** The town of a US ZIP code ("Phoenix, AZ"), from the server's ZIP table; null while unknown. */
export function useZipPlace(zip: string | null | undefined): string | null {
  const valid = !!zip && /^\d{5}$/.test(zip);
  const zone = useQuery({
    queryKey: ["zone", zip],
    queryFn: () => api.get<ZipZone>(`/api/zones/${zip}`),
    enabled: valid,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return zone.data?.place ?? null;
}

/**
 * Where the gardener gardens, as a place name: this browser's stored location, else the
 * profile's, else the town of the ZIP given at onboarding (this browser's, else the profile's),
 * or the ZIP itself until its town is known; null when there is none. The nav's label shows it and Settings starts its default location from
 * it, so the two always agree.
 */
export function useStoredPlace(): string | null {
  const me = useMe();
  const stored = useSyncExternalStore(subscribe, storage.location, () => null);
  const zip = useSyncExternalStore(subscribe, storedZip, () => null) || me.data?.zip || null;
  const zipPlace = useZipPlace(stored || me.data?.location ? null : zip);
  return stored || me.data?.location || zipPlace || zip;
}

/** The nav's location label (spec §2 Global chrome): the stored place, or 'Set location'. */
export function useLocationLabel(): string {
  return useStoredPlace() ?? "Set location";
}
