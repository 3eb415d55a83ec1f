import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Workflow, WorkflowTemplate } from "../../../../core/schemas/workflow";
import { api, errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast-store";
import { replaceWorkflow } from "../checklist";
import { workflowKeys } from "./keys";

/** POST /api/workflows { template } → 201 the new checklist, every item not done. */
export function startWorkflow(template: WorkflowTemplate["id"]): Promise<Workflow> {
  return api.post<Workflow>("/api/workflows", { template });
}

export function useStartWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startWorkflow,
    onSuccess: (workflow) => {
      queryClient.setQueryData<Workflow[]>(workflowKeys.list, (list) =>
        replaceWorkflow(list ?? [], workflow),
      );
      toast({ title: "Checklist started", description: workflow.name, variant: "success" });
      return queryClient.invalidateQueries({ queryKey: workflowKeys.list });
    },
    onError: (error) =>
      toast({
        title: "The checklist could not be started",
        description: errorMessage(error),
        variant: "destructive",
      }),
  });
}
