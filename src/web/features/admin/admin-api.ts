import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminAccount } from "../../../core/schemas/admin";
import type { ContactMessage } from "../../../core/schemas/contact";
import { api } from "../../lib/api-client";

const accountsKey = ["admin", "accounts"] as const;

/** Whether the signed-in gardener runs this Tendril (and so has /admin). */
export function useIsOperator() {
  return useQuery({
    queryKey: ["admin", "operator"],
    queryFn: () =>
      api.get<{ operator: boolean }>("/api/me/operator").then((answer) => answer.operator),
    staleTime: 5 * 60_000,
  });
}

export function useAdminAccounts(enabled: boolean) {
  return useQuery({
    queryKey: accountsKey,
    queryFn: () =>
      api.get<{ accounts: AdminAccount[] }>("/api/admin/accounts").then((r) => r.accounts),
    enabled,
  });
}

export function useSetPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, plan }: { id: string; plan: "free" | "pro" }) =>
      api.patch<AdminAccount>(`/api/admin/accounts/${encodeURIComponent(id)}`, { plan }),
    onSuccess: (account) =>
      client.setQueryData<AdminAccount[]>(accountsKey, (accounts) =>
        accounts?.map((a) => (a.id === account.id ? account : a)),
      ),
  });
}

export function useContactInbox(enabled: boolean) {
  return useQuery({
    queryKey: ["admin", "contact-messages"],
    queryFn: () =>
      api
        .get<{ messages: ContactMessage[] }>("/api/admin/contact-messages")
        .then((r) => r.messages),
    enabled,
  });
}
