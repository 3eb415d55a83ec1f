import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PlantDetail } from "../../../core/schemas/plant";
import { api } from "../../lib/api-client";
import { gardenKeys, invalidateGarden } from "../../lib/garden-api";
import { photoForm } from "../../lib/photo";

const photoPath = (plantId: string) => `/api/plants/${encodeURIComponent(plantId)}/photo`;

/** PUT /api/plants/:id/photo (multipart field `image`, the identify rules) → PlantDetail. */
export function uploadPlantPhoto(plantId: string, file: File): Promise<PlantDetail> {
  return api.put<PlantDetail>(photoPath(plantId), photoForm(file));
}

/** DELETE /api/plants/:id/photo: the plant goes back to the leaf placeholder. */
export function removePlantPhoto(plantId: string): Promise<unknown> {
  return api.delete(photoPath(plantId));
}

export function useUploadPlantPhoto(plantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPlantPhoto(plantId, file),
    onSuccess: async (plant) => {
      if (plant?.id) queryClient.setQueryData(gardenKeys.plant(plantId), plant);
      await invalidateGarden(queryClient);
    },
  });
}

export function useRemovePlantPhoto(plantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removePlantPhoto(plantId),
    onSuccess: () => invalidateGarden(queryClient),
  });
}
