import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClimateBody } from "../../../../core/schemas/climate";
import { api, HttpError } from "../../../lib/api-client";
import { climateKeys } from "./keys";

/** GET /api/me/climate → the climate of the gardener's place; null while they have no place (404). */
export async function getClimate(): Promise<ClimateBody | null> {
  try {
    return await api.get<ClimateBody>("/api/me/climate");
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export const climateQuery = queryOptions({ queryKey: climateKeys.mine, queryFn: getClimate });

/** `enabled` false when the profile names no place: the server would only answer 404. */
export function useClimate(enabled: boolean) {
  return useQuery({ ...climateQuery, enabled });
}
