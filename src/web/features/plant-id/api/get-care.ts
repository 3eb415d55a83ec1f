import { useQuery } from "@tanstack/react-query";
import { api, HttpError } from "../../../lib/api-client";
import { plantIdKeys } from "./keys";

/** Spec §3 Care info. Values are whatever the care source knows: text, a list, or nothing. */
export type CareValue = string | number | string[] | null | undefined;
export interface CareInfo {
  id?: string | number | null;
  sunlight?: CareValue;
  watering?: CareValue;
  growth_habit?: CareValue;
  toxicity?: CareValue;
  soil?: CareValue;
  maintenance?: CareValue;
  pruning_month?: CareValue;
}

/**
 * GET /api/gardening/care/catalogue?query=: care info for the first of `names` the catalogue knows
 * (404 means it knows nothing of that name). Spec §8: a failed care lookup is silent, so this
 * resolves to null rather than failing.
 */
export async function fetchCare(names: string[]): Promise<CareInfo | null> {
  for (const name of names) {
    try {
      return await api.get<CareInfo>(
        `/api/gardening/care/catalogue?query=${encodeURIComponent(name)}`,
      );
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) continue;
      console.warn("Care lookup failed", error);
      return null;
    }
  }
  return null;
}

/** Care for a plant, asked by its name first and then its scientific name. */
export function useCare(names: (string | null | undefined)[]) {
  const unique = [...new Set(names.map((n) => n?.trim()).filter((n): n is string => !!n))];
  return useQuery({
    queryKey: plantIdKeys.care(unique),
    queryFn: () => fetchCare(unique),
    enabled: unique.length > 0,
    staleTime: 60 * 60_000,
  });
}
