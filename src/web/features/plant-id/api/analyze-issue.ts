import { useMutation } from "@tanstack/react-query";
import type { AnalyzeIssueRequest, IssueCause } from "../../../../core/schemas/identification";
import { api } from "../../../lib/api-client";

export type Likelihood = IssueCause["likelihood"];

/** API.md: the assistant's reading of a described problem, likeliest causes first. */
export interface IssueAnalysis {
  summary: string;
  causes: IssueCause[];
}

/** POST /api/gardening/analyze-issue. */
export function analyzeIssue(body: AnalyzeIssueRequest): Promise<IssueAnalysis> {
  return api.post<IssueAnalysis>("/api/gardening/analyze-issue", body);
}

export function useAnalyzeIssue() {
  return useMutation({ mutationFn: analyzeIssue });
}
