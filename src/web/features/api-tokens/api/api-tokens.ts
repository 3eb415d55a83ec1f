import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  ApiToken,
  ApiTokenCreate,
  ApiTokenCreated,
  ApiTokenList,
} from "../../../../core/schemas/api-tokens";
import { api } from "../../../lib/api-client";

export const apiTokenKeys = { list: ["api-tokens"] as const };

/** GET /api/me/tokens → the live tokens, newest first (never their secrets). */
export function useApiTokens() {
  return useQuery({
    queryKey: apiTokenKeys.list,
    queryFn: () => api.get<ApiTokenList>("/api/me/tokens").then(({ tokens }) => tokens),
  });
}

/** POST /api/me/tokens → the token and its secret, shown this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiTokenCreate) => api.post<ApiTokenCreated>("/api/me/tokens", input),
    onSuccess: ({ token }) =>
      queryClient.setQueryData<ApiToken[]>(apiTokenKeys.list, (tokens) => [
        token,
        ...(tokens ?? []),
      ]),
  });
}

/** DELETE /api/me/tokens/:id: the token answers 401 from then on. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/me/tokens/${encodeURIComponent(id)}`),
    onSuccess: (_answer, id) =>
      queryClient.setQueryData<ApiToken[]>(apiTokenKeys.list, (tokens) =>
        tokens?.filter((token) => token.id !== id),
      ),
  });
}
