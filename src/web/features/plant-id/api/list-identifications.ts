import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Identification } from "../../../../core/schemas/identification";
import { api, NetworkError } from "../../../lib/api-client";
import { rememberedIdentifications, rememberIdentifications } from "../history";
import { plantIdKeys } from "./keys";

/**
 * GET /api/identifications: the gardener's last 10, newest first. Each answer is kept in the
 * browser (identHistory), and stands in when the server cannot be reached.
 */
export async function fetchIdentifications(userId: string): Promise<Identification[]> {
  try {
    const { identifications } = await api.get<{ identifications: Identification[] }>(
      "/api/identifications",
    );
    rememberIdentifications(userId, identifications);
    return identifications;
  } catch (error) {
    const remembered = rememberedIdentifications(userId);
    if (error instanceof NetworkError && remembered.length > 0) return remembered;
    throw error;
  }
}

export const identificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: plantIdKeys.identifications,
    queryFn: () => fetchIdentifications(userId),
  });

export function useIdentifications(userId: string | undefined) {
  return useQuery({ ...identificationsQueryOptions(userId ?? ""), enabled: !!userId });
}
