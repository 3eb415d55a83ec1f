import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Quota } from "../../../../core/schemas/app-config";
import { api } from "../../../lib/api-client";
import { chatKeys } from "./keys";

/** GET /api/me/quota: plan, today's use and limit, and this month's messages. */
export function fetchQuota(): Promise<Quota> {
  return api.get<Quota>("/api/me/quota");
}

export const quotaQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.quota, queryFn: fetchQuota });

export function useQuota(enabled: boolean) {
  return useQuery({ ...quotaQueryOptions(), enabled });
}
