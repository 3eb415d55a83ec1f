import { useQuery } from "@tanstack/react-query";
import type { Identification } from "../../../../core/schemas/identification";
import { api } from "../../../lib/api-client";
import { plantIdKeys } from "./keys";

/**
 * POST /api/gardening/reframe-identification (spec §7: the result, 'identify' and the confidence)
 * → the AI Summary. Spec §8: a failed summary is silent, so this resolves to null instead.
 */
export async function reframeIdentification(
  identification: Identification,
): Promise<string | null> {
  try {
    const { summary } = await api.post<{ summary?: string }>(
      "/api/gardening/reframe-identification",
      { rawData: identification, analysisType: "identify", confidence: identification.confidence },
    );
    return summary?.trim() || null;
  } catch (error) {
    console.warn("Identification summary failed", error);
    return null;
  }
}

export function useIdentificationSummary(identification: Identification) {
  return useQuery({
    queryKey: plantIdKeys.summary(identification.id),
    queryFn: () => reframeIdentification(identification),
    enabled: identification.recognised,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
