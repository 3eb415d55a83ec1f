import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Workflow } from "../../../../core/schemas/workflow";
import { api, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast-store";
import { replaceWorkflow, setItemDone } from "../checklist";
import { workflowKeys } from "./keys";

export interface ToggleItem {
  workflowId: string;
  itemId: string;
  done: boolean;
}

/** PATCH /api/workflows/:id/items/:itemId { done } → the checklist as stored. */
export function toggleItem({ workflowId, itemId, done }: ToggleItem): Promise<Workflow> {
  return api.patch<Workflow>(
    `/api/workflows/${encodeURIComponent(workflowId)}/items/${encodeURIComponent(itemId)}`,
    { done },
  );
}

/**
 * Ticks an item at once and stores it on the server. A failure puts that one item back and says
 * so; while several toggles are in flight, only the last reply (and a refresh after it) updates
 * the list, so an earlier reply never unticks a later click.
 */
export function useToggleItem() {
  const queryClient = useQueryClient();
  const lastInFlight = () => queryClient.isMutating({ mutationKey: workflowKeys.toggle }) === 1;
  return useMutation({
    mutationKey: workflowKeys.toggle,
    mutationFn: toggleItem,
    onMutate: async ({ workflowId, itemId, done }) => {
      await queryClient.cancelQueries({ queryKey: workflowKeys.list });
      queryClient.setQueryData<Workflow[]>(workflowKeys.list, (list) =>
        setItemDone(list, workflowId, itemId, done),
      );
    },
    onSuccess: (workflow) => {
      if (lastInFlight())
        queryClient.setQueryData<Workflow[]>(workflowKeys.list, (list) =>
          replaceWorkflow(list ?? [], workflow),
        );
    },
    onError: (error, { workflowId, itemId, done }) => {
      queryClient.setQueryData<Workflow[]>(workflowKeys.list, (list) =>
        setItemDone(list, workflowId, itemId, !done),
      );
      toast({
        title: "That step could not be saved",
        description: errorMessage(error),
        variant: "destructive",
      });
    },
    onSettled: () => {
      if (lastInFlight()) return queryClient.invalidateQueries({ queryKey: workflowKeys.list });
    },
  });
}
