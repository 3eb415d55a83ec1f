import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Task } from "../../../../core/garden/tasks";
import type { Identification } from "../../../../core/schemas/identification";
import type { Plant, PlantDetail } from "../../../../core/schemas/plant";
import { api, HttpError } from "../../../lib/api-client";
import { invalidateGarden, toastAddPlantFailure, toastPlantAdded } from "../../../lib/garden-api";

export interface SaveIdentifiedPlant {
  identification: Identification;
  stage: string;
  medium: Plant["medium"];
  place: Plant["place"];
  lights: Plant["lights"];
  plantingDate: string;
}

/**
 * POST /api/plants with the identification: the server makes it an "identified" plant with the
 * photo as its image, at the chosen stage, with its plan and tasks (spec §4 New plant).
 */
export function saveIdentifiedPlant({ identification, ...setup }: SaveIdentifiedPlant) {
  return api.post<{ plant: PlantDetail; tasks: Task[] }>("/api/plants", {
    name: identification.plantName,
    ...(identification.cropSlug ? { cropSlug: identification.cropSlug } : {}),
    identificationId: identification.id,
    ...setup,
  });
}

export function useSaveIdentifiedPlant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveIdentifiedPlant,
    onSuccess: async ({ plant, tasks }) => {
      await invalidateGarden(queryClient);
      toastPlantAdded(plant, tasks);
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 401) return; // the card asks to sign in
      toastAddPlantFailure(error);
    },
  });
}
