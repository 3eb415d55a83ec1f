import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Task } from "../../../../core/garden/tasks";
import type { PlantDetail } from "../../../../core/schemas/plant";
import { api, errorMessage } from "../../../lib/api-client";
import { gardenKeys, invalidateGarden } from "../../../lib/garden-api";
import { toast } from "../../../lib/toast-store";
import type { TrackPlantBody } from "../form";

/**
 * POST /api/plants with `guide`: the plant starts at stage "seed", the guide's stages become its
 * milestones and its tasks the plant's tasks, in one transaction (API.md "Grow Along").
 */
export function trackPlant(body: TrackPlantBody) {
  return api.post<{ plant: PlantDetail; tasks: Task[] }>("/api/plants", body);
}

export function useTrackPlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trackPlant,
    onSuccess: async ({ plant, tasks }) => {
      queryClient.setQueryData(gardenKeys.plant(plant.id), plant);
      await invalidateGarden(queryClient);
      toast({
        title: "Plan created. Tasks scheduled.",
        description: `${plant.name} was added with ${tasks.length} tasks.`,
        variant: "success",
      });
    },
    onError: (error) =>
      toast({
        title: "⚠️ Couldn't save. Check connection and try again.",
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}
