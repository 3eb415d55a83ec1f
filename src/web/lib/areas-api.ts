import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Area, AreaCheck, AreaCreate, AreaDetail, AreaPatch } from "../../core/schemas/area";
import { api } from "./api-client";

export const areaKeys = {
  list: ["areas"] as const,
  one: (id: string) => ["area", id] as const,
  check: (id: string, params: string) => ["area", id, "check", params] as const,
};

const areaPath = (id: string) => `/api/areas/${encodeURIComponent(id)}`;

export function useAreas(enabled = true) {
  return useQuery({
    queryKey: areaKeys.list,
    queryFn: async () => (await api.get<{ areas: Area[] }>("/api/areas")).areas,
    enabled,
  });
}

export function useArea(id: string) {
  return useQuery({ queryKey: areaKeys.one(id), queryFn: () => api.get<AreaDetail>(areaPath(id)) });
}

/**
 * What fits and what clashes before a crop goes into an area (GET /api/areas/:id/check). Asked
 * while a form is filled; no area or no crop asks nothing.
 */
export function useAreaCheck(
  areaId: string | null | undefined,
  crop: string | null | undefined,
  extra: { plantId?: string; plantedOn?: string } = {},
) {
  const params = new URLSearchParams({ crop: crop ?? "" });
  if (extra.plantId) params.set("plantId", extra.plantId);
  if (extra.plantedOn && /^\d{4}-\d{2}-\d{2}$/.test(extra.plantedOn)) {
    params.set("plantedOn", extra.plantedOn);
  }
  return useQuery({
    queryKey: areaKeys.check(areaId ?? "", params.toString()),
    queryFn: () => api.get<AreaCheck>(`${areaPath(areaId ?? "")}/check?${params.toString()}`),
    enabled: Boolean(areaId && crop),
    retry: false,
  });
}

/** Areas and the plants in them show each other's changes (counts, groups). */
function invalidateAreas(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["areas"] }),
    queryClient.invalidateQueries({ queryKey: ["area"] }),
    queryClient.invalidateQueries({ queryKey: ["plants"] }),
  ]);
}

export function useCreateArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AreaCreate) =>
      (await api.post<{ area: Area }>("/api/areas", body)).area,
    onSuccess: () => invalidateAreas(queryClient),
  });
}

export function useUpdateArea(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: AreaPatch) =>
      (await api.patch<{ area: Area }>(areaPath(id), patch)).area,
    onSuccess: () => invalidateAreas(queryClient),
  });
}

export function useDeleteArea() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(areaPath(id)),
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: areaKeys.one(id) });
      await invalidateAreas(queryClient);
    },
  });
}
