import { IsRestoringProvider, QueryClientProvider } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { RouterProvider } from "react-router";
import { AuthProvider } from "../lib/auth-context";
import { queryClient, restoreState } from "./query-client";
import { router } from "./router";

/**
 * The saved cache is read back before the first render (main.tsx), so normally nothing waits
 * for it here; when it is slow, queries wait for it as React Query's own provider has them do.
 */
export function App() {
  const restoring = useSyncExternalStore(restoreState.subscribe, restoreState.isRestoring);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}
