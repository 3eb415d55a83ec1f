import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { PlantingCalendarBody } from "../../../../core/schemas/climate";
import { api } from "../../../lib/api-client";

export type CalendarCrop = PlantingCalendarBody["crops"][number];

/**
 * GET /api/planting-calendar for the gardener's `date` (their local today) and the given crops,
 * or every catalogue crop when `crops` is null.
 */
export function fetchPlantingCalendar(date: string, crops: readonly string[] | null) {
  const params = new URLSearchParams({ date });
  if (crops) params.set("crops", crops.join(","));
  return api.get<PlantingCalendarBody>(`/api/planting-calendar?${params}`);
}

/**
 * Keyed under "planting" so a change of units, which rewrites the server's sentences, refetches
 * it with What to Plant Now (useUpdateMe).
 */
export const plantingCalendarQueryOptions = (date: string, crops: readonly string[] | null) =>
  queryOptions({
    queryKey: ["planting", "calendar", date, crops?.join(",") ?? "all"],
    queryFn: () => fetchPlantingCalendar(date, crops),
  });

export function usePlantingCalendar(
  date: string,
  crops: readonly string[] | null,
  enabled: boolean,
) {
  // The last answer stands in while another view's loads, so the place line stays put.
  return useQuery({
    ...plantingCalendarQueryOptions(date, crops),
    enabled,
    placeholderData: keepPreviousData,
  });
}
