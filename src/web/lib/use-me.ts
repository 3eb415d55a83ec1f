import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Me, MePatch } from "../../core/schemas/me";
import { api } from "./api-client";
import { meQueryKey, useAuth } from "./auth-context";

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
      // The server writes weather advice in the gardener's unit: refetch it after a change.
      if (patch.units) {
        void queryClient.invalidateQueries({ queryKey: ["insights"] });
        void queryClient.invalidateQueries({ queryKey: ["planting"] });
      }
    },
  });
}
