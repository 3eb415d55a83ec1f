import { useQuery } from "@tanstack/react-query";
import type { AppConfig } from "../../core/schemas/app-config";
import { api } from "./api-client";

export function useAppConfig() {
  return useQuery({
    queryKey: ["app-config"],
    queryFn: () => api.get<AppConfig>("/api/app-config"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
