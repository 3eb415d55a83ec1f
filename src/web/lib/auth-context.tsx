import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useMemo } from "react";
import type { Me } from "../../core/schemas/me";
import { api } from "./api-client";
import { authApi, type Session, type SessionUser } from "./auth-api";
import { useConnectivity } from "./connectivity";
import { getJson, setJson, storage } from "./storage";

export type AuthStatus = "loading" | "signed-in" | "signed-out";

interface AuthValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** Call after a successful sign-in or sign-up: refreshes the session and the profile. */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthValue | null>(null);

export const sessionQueryKey = ["session"] as const;
export const meQueryKey = ["me"] as const;

/** Who is signed in. Asked as soon as the app starts (start-up.ts) and here. */
export const sessionQuery = {
  queryKey: sessionQueryKey,
  queryFn: async (): Promise<Session | null> => {
    const current = await authApi.getSession();
    // Remembered for offline starts: the last signed-in user opens their garden from cache.
    setJson("profile", current ? { user: current.user } : null);
    return current;
  },
  staleTime: 5 * 60_000,
  retry: 1,
};

/**
 * Spec §4 Auth: after sign-in the server has created or refreshed the profile; its stored
 * location is copied to the browser, and a finished onboarding carries over to this device.
 */
async function syncProfileToBrowser(): Promise<Me | null> {
  try {
    const me = await api.get<Me>("/api/me");
    if (me.location) storage.setLocation(me.location);
    storage.setUnits(me.units);
    if (me.onboardingCompleted) storage.setOnboarded();
    return me;
  } catch (error) {
    console.warn("Could not copy the profile to this browser", error);
    return null;
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { offline } = useConnectivity();
  const session = useQuery(sessionQuery);

  const refresh = useCallback(async () => {
    // A new sign-in may be another person on this browser: drop everything cached for the last one.
    queryClient.removeQueries({
      predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] && q.queryKey[0] !== "app-config",
    });
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    const me = await syncProfileToBrowser();
    if (me) queryClient.setQueryData(meQueryKey, me);
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await authApi.signOut();
    setJson("profile", null);
    queryClient.setQueryData(sessionQueryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
  }, [queryClient]);

  const value = useMemo<AuthValue>(() => {
    // Offline (the check is paused) or unreachable: trust the user this browser last saw.
    const remembered =
      (offline && session.isPending) || session.isError
        ? (getJson<Session>("profile")?.user ?? null)
        : null;
    const user = session.data?.user ?? remembered;
    const status: AuthStatus = user
      ? "signed-in"
      : session.isPending && !offline
        ? "loading"
        : "signed-out";
    return { status, user, refresh, signOut };
  }, [session.data, session.isPending, session.isError, offline, refresh, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used within AuthProvider");
  return value;
}
