import type { QueryClient } from "@tanstack/react-query";
import { meQueryKey, sessionQuery } from "../lib/auth-context";
import { fetchMe } from "../lib/use-me";

/**
 * Asks who is signed in, and then their profile, as soon as the entry script runs: not after the
 * persisted cache has been read from IndexedDB and the first render has asked (issue 27: each
 * of those waits is a round trip before My Garden can show anything). The profile waits for the
 * session, so a signed-out visitor never gets a refused request.
 */
export function askForSessionEarly(queryClient: QueryClient): void {
  // In a task of its own, not in the entry's: the first request reads the time zone, and the
  // first Intl call loads the locale's data (25-85 ms here), which made the start-up task that
  // much longer. The page's preload links have the requests under way already (web-shell.ts).
  setTimeout(() => {
    void queryClient.prefetchQuery(sessionQuery).then(() => {
      if (!queryClient.getQueryData(sessionQuery.queryKey)) return;
      return queryClient.prefetchQuery({ queryKey: meQueryKey, queryFn: fetchMe });
    });
  }, 0);
}
