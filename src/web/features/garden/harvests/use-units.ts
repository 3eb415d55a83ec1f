import type { Units } from "../../../../core/garden/harvests";
import { storage } from "../../../lib/storage";
import { useMe } from "../../../lib/use-me";

/** The gardener's units: their profile's, or this browser's last known before it loads. */
export function useUnits(): Units {
  return useMe().data?.units ?? storage.units();
}
