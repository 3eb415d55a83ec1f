import { IDENTIFICATIONS_KEPT, type Identification } from "../../../core/schemas/identification";
import { getJson, setJson } from "../../lib/storage";

interface StoredHistory {
  userId: string;
  items: Identification[];
}

/**
 * Spec §3 identHistory: the gardener's recent identifications kept in this browser, so the list
 * shows offline. Tagged with whose they are: another person signing in here never sees them.
 */
export function rememberedIdentifications(userId: string): Identification[] {
  const stored = getJson<StoredHistory>("identHistory");
  if (stored?.userId !== userId || !Array.isArray(stored.items)) return [];
  return stored.items.slice(0, IDENTIFICATIONS_KEPT);
}

export function rememberIdentifications(userId: string, items: Identification[]): void {
  setJson("identHistory", { userId, items: items.slice(0, IDENTIFICATIONS_KEPT) });
}
