import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Me, MePatch } from "../../core/schemas/me";
import { api } from "./api-client";
import { meQueryKey, useAuth } from "./auth-context";
import { invalidateGarden } from "./garden-api";

export function useMe() {
  const { status } = useAuth();
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () => api.get<Me>("/api/me"),
    enabled: status === "signed-in",
  });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: MePatch) => api.patch<Me>("/api/me", patch),
    onSuccess: (me, patch) => {
      queryClient.setQueryData(meQueryKey, me);
      // The server writes weather advice, tasks and tips in the gardener's units: refetch them
      // after a change.
      if (patch.units) {
        void queryClient.invalidateQueries({ queryKey: ["insights"] });
        void queryClient.invalidateQueries({ queryKey: ["planting"] });
        void invalidateGarden(queryClient);
      }
    },
  });
}
