import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  IDENTIFICATIONS_KEPT,
  type Identification,
  identificationSchema,
} from "../../../../core/schemas/identification";
import { api } from "../../../lib/api-client";
import { photoForm } from "../../../lib/photo";
import { rememberIdentifications } from "../history";
import { plantIdKeys } from "./keys";

/** Spec §8 Plant ID: what a failed identification says (a 413/415 shows the server's words). */
export const IDENTIFY_FAILED = "Failed to identify plant. Please try again with a clearer image.";

/** POST /api/gardening/identify-plant with the photo as multipart field `image`. */
export async function identifyPlant(file: File): Promise<Identification> {
  const reply = await api.post<unknown>("/api/gardening/identify-plant", photoForm(file));
  const parsed = identificationSchema.safeParse(reply);
  if (!parsed.success) throw new Error("The identification arrived garbled.");
  return parsed.data;
}

/** Identifies a photo; the answer joins the top of the recent list at once. */
export function useIdentifyPlant(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: identifyPlant,
    onSuccess: (identification) => {
      const list = queryClient.setQueryData<Identification[]>(
        plantIdKeys.identifications,
        (old = []) =>
          [identification, ...old.filter((i) => i.id !== identification.id)].slice(
            0,
            IDENTIFICATIONS_KEPT,
          ),
      );
      if (userId && list) rememberIdentifications(userId, list);
      return queryClient.invalidateQueries({ queryKey: plantIdKeys.identifications });
    },
  });
}
