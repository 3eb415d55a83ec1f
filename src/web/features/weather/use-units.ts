import { storage, type Units } from "../../lib/storage";
import { useMe } from "../../lib/use-me";

/** The user's temperature unit: the profile's, else this browser's. */
export function useUnits(): Units {
  return useMe().data?.units ?? storage.units();
}
