import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Me, MePatch } from "../../core/schemas/me";
import { api } from "./api-client";
import { meQueryKey, useAuth } from "./auth-context";

/** The signed-in gardener's profile. Asked at start-up too (start-up.ts), beside the session. */
export const fetchMe = () => api.get<Me>("/api/me");

export function useMe() {
  const { status } = useAuth();
  return useQuery({
    queryKey: meQueryKey,
    queryFn: fetchMe,
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
      // after a change. The garden's keys (garden-api.ts) are named here: importing that module
      // would pull the garden's code into every page's first load.
      if (patch.units) {
        for (const key of ["insights", "planting", "plants", "plant", "tasks"]) {
          void queryClient.invalidateQueries({ queryKey: [key] });
        }
      }
    },
  });
}
