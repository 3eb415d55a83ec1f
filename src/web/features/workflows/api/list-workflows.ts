import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Workflow } from "../../../../core/schemas/workflow";
import { api } from "../../../lib/api-client";
import { workflowKeys } from "./keys";

/** GET /api/workflows: the gardener's active checklists, with their items. */
export async function fetchWorkflows(): Promise<Workflow[]> {
  return (await api.get<{ workflows: Workflow[] }>("/api/workflows")).workflows;
}

export const workflowsQueryOptions = () =>
  queryOptions({ queryKey: workflowKeys.list, queryFn: fetchWorkflows });

export function useWorkflows() {
  return useQuery(workflowsQueryOptions());
}
