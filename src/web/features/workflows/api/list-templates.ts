import { queryOptions, useQuery } from "@tanstack/react-query";
import type { WorkflowTemplate } from "../../../../core/schemas/workflow";
import { api } from "../../../lib/api-client";
import { workflowKeys } from "./keys";

/** GET /api/workflows/templates: the checklists a gardener can start (spec §9: 8 and 6 steps). */
export async function fetchTemplates(): Promise<WorkflowTemplate[]> {
  return (await api.get<{ templates: WorkflowTemplate[] }>("/api/workflows/templates")).templates;
}

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: workflowKeys.templates,
    queryFn: fetchTemplates,
    staleTime: 60 * 60_000,
  });

export function useTemplates() {
  return useQuery(templatesQueryOptions());
}
