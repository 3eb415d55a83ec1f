import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ClimateBody, ClimatePatch } from "../../../../core/schemas/climate";
import { api } from "../../../lib/api-client";
import { climateKeys } from "./keys";

/** PATCH /api/me/climate { lastFrost, firstFrost } → the climate with them; nulls give the place's. */
export function saveFrostDates(dates: ClimatePatch): Promise<ClimateBody> {
  return api.patch<ClimateBody>("/api/me/climate", dates);
}

export function useSaveFrostDates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFrostDates,
    onSuccess: (climate) => {
      queryClient.setQueryData(climateKeys.mine, climate);
      // What to Plant Now is planned from the frost dates.
      void queryClient.invalidateQueries({ queryKey: ["planting"] });
    },
  });
}
