import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Workflow } from "../../../../core/schemas/workflow";
import { api } from "../../../lib/api-client";
import { workflowKeys } from "./keys";

/** DELETE /api/workflows/:id → 204; its items go with it. */
export function removeWorkflow(id: string): Promise<void> {
  return api.delete<void>(`/api/workflows/${encodeURIComponent(id)}`);
}

export function useRemoveWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWorkflow,
    onSuccess: (_, id) => {
      queryClient.setQueryData<Workflow[]>(workflowKeys.list, (list) =>
        list?.filter((w) => w.id !== id),
      );
      return queryClient.invalidateQueries({ queryKey: workflowKeys.list });
    },
  });
}
