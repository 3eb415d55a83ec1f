import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WeightUnit } from "../../core/garden/harvests";
import type { Harvest, PlantHarvests, SeasonHarvests } from "../../core/schemas/harvest";
import { api } from "./api-client";
import { photoForm } from "./photo";

/** What the harvest dialog sends (POST, and PATCH with every field). */
export interface HarvestInput {
  date: string;
  weight: { value: number; unit: WeightUnit } | null;
  count: number | null;
  note: string | null;
}

export const harvestKeys = {
  all: ["harvests"] as const,
  plant: (plantId: string) => ["harvests", "plant", plantId] as const,
  season: (season: string | null) => ["harvests", "season", season ?? "current"] as const,
};

const plantPath = (plantId: string) => `/api/plants/${encodeURIComponent(plantId)}/harvests`;
const harvestPath = (id: string) => `/api/harvests/${encodeURIComponent(id)}`;

export function usePlantHarvests(plantId: string) {
  return useQuery({
    queryKey: harvestKeys.plant(plantId),
    queryFn: () => api.get<PlantHarvests>(plantPath(plantId)),
  });
}

/** A season's harvests and totals; null asks for the current season. */
export function useSeasonHarvests(season: string | null) {
  return useQuery({
    queryKey: harvestKeys.season(season),
    queryFn: () =>
      api.get<SeasonHarvests>(
        season ? `/api/harvests?season=${encodeURIComponent(season)}` : "/api/harvests",
      ),
    // The page keeps showing the last season (and its picker) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** Any harvest change shows on the plant's total, every season view and the plant's timeline. */
function useRefreshHarvests() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: harvestKeys.all }),
      queryClient.invalidateQueries({
        queryKey: ["plant"],
        predicate: (query) => query.queryKey.at(-1) === "timeline",
      }),
    ]);
}

/** Logs a harvest, then adds its photo if one was chosen. */
export function useLogHarvest(plantId: string) {
  const refresh = useRefreshHarvests();
  return useMutation({
    mutationFn: async ({ input, photo }: { input: HarvestInput; photo: File | null }) => {
      const { harvest } = await api.post<{ harvest: Harvest }>(plantPath(plantId), input);
      return photo ? uploadHarvestPhoto(harvest.id, photo) : harvest;
    },
    onSettled: refresh,
  });
}

export function useUpdateHarvest() {
  const refresh = useRefreshHarvests();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      photo,
    }: {
      id: string;
      input: HarvestInput;
      photo: File | null;
    }) => {
      const harvest = await api.patch<Harvest>(harvestPath(id), input);
      return photo ? uploadHarvestPhoto(id, photo) : harvest;
    },
    onSettled: refresh,
  });
}

export function useDeleteHarvest() {
  const refresh = useRefreshHarvests();
  return useMutation({
    mutationFn: (id: string) => api.delete(harvestPath(id)),
    onSettled: refresh,
  });
}

function uploadHarvestPhoto(id: string, file: File): Promise<Harvest> {
  return api.put<Harvest>(`${harvestPath(id)}/photo`, photoForm(file));
}
