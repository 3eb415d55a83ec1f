import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { QueryClient } from "@tanstack/react-query";
import { persistQueryClient } from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";
import { HttpError } from "../lib/api-client";

/** Cached server state is kept a week, so the garden opens offline with what was last seen. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change on retry; network failures and 5xx get one more try.
      retry: (count, error) => !(error instanceof HttpError && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      gcTime: CACHE_MAX_AGE_MS,
    },
    // Our mutations handle being offline themselves (the task outbox); React Query must not
    // hold them back until the browser reports it is online again.
    mutations: { networkMode: "always" },
  },
});

/** Server state in IndexedDB (DESIGN: offline-first). */
export const persister = createAsyncStoragePersister({
  storage: {
    getItem: (key) => get<string>(key).then((v) => v ?? null),
    setItem: set,
    removeItem: del,
  },
  key: "tendril.query-cache",
  throttleTime: 1000,
});

let restoring = true;
const restoreListeners = new Set<() => void>();

/** Whether the saved cache is still being read back, as useSyncExternalStore reads it. */
export const restoreState = {
  isRestoring: () => restoring,
  subscribe(listener: () => void): () => void {
    restoreListeners.add(listener);
    return () => restoreListeners.delete(listener);
  },
};

/**
 * Reads the saved cache back into the client, then keeps saving it as it changes. Resolves once
 * the cache is restored, or could not be (it never rejects: a browser without IndexedDB still
 * opens the app, from the network). Queries wait for it (restoreState) before they fetch.
 */
export function restorePersistedCache(): Promise<void> {
  const [, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: CACHE_MAX_AGE_MS,
    // Only settled answers are worth keeping; errors and the session check are not.
    dehydrateOptions: {
      shouldDehydrateQuery: (query) =>
        query.state.status === "success" && query.queryKey[0] !== "session",
    },
  });
  return restored
    .catch(() => undefined)
    .finally(() => {
      restoring = false;
      for (const listener of restoreListeners) listener();
    });
}
