import type { ReactNode } from "react";
import { Navigate, Outlet } from "react-router";
import { Spinner } from "../components/ui/misc";
import { useAuth } from "../lib/auth-context";

/** Spec §2: protected routes send a signed-out visitor to /auth; nothing redirects while loading. */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === "loading") return <Spinner label="Checking your session…" />;
  if (status === "signed-out") return <Navigate to="/auth" replace />;
  return <Outlet />;
}

/** A signed-in user at /auth goes home. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === "loading") return <Spinner label="Checking your session…" />;
  if (status === "signed-in") return <Navigate to="/" replace />;
  return children;
}
