import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/field";
import { Alert } from "../../components/ui/misc";
import { HttpError } from "../../lib/api-client";
import { authApi } from "../../lib/auth-api";
import { useAuth } from "../../lib/auth-context";
import { useAppConfig } from "../../lib/use-app-config";
import { ResetPasswordForm } from "./reset-password-form";

type Mode = "login" | "signup";
type Notice = { tone: "error" | "success" | "info"; text: string } | null;

/** Spec §5 Auth: the provider's message, else 'Authentication failed'. */
function authError(error: unknown): string {
  return (error instanceof HttpError && error.serverMessage) || "Authentication failed";
}

/**
 * The account needs a name; one left blank is "Gardener" (changeable in Settings), never the
 * e-mail's local part, which would greet people as "Hi gardener1795".
 */
export const DEFAULT_NAME = "Gardener";

export const TAKEN_ADDRESS =
  "We couldn't create an account with that address: it may already have one, and we've sent it an e-mail. Log in instead, or use Forgot Password to choose a new password.";

export function AuthPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <div className="mx-auto max-w-md">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <SignInForm resetError={params.get("error")} />
      )}
    </div>
  );
}

function SignInForm({ resetError }: { resetError: string | null }) {
  const { refresh } = useAuth();
  const { data: config } = useAppConfig();
  const [mode, setMode] = useState<Mode>("login");
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(
    resetError
      ? {
          tone: "error",
          text: "That password reset link has expired or was already used. Ask for a new one.",
        }
      : null,
  );

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      if (mode === "signup") {
        await authApi.signUp(email.trim(), password, name.trim() || DEFAULT_NAME);
        // The server answers a taken address as a new one but signs nobody in, and e-mails the
        // address's owner (so sign-up does not tell who has an account).
        if (!(await authApi.getSession())) {
          setNotice({ tone: "info", text: TAKEN_ADDRESS });
          return;
        }
      } else await authApi.signIn(email.trim(), password);
      await refresh();
    } catch (error) {
      setNotice({ tone: "error", text: authError(error) });
    } finally {
      setBusy(false);
    }
  }

  async function federated(provider: "google" | "oidc") {
    const configured = provider === "google" ? config?.auth.google : !!config?.auth.oidc;
    if (!configured) {
      setNotice({
        tone: "info",
        text: "Google sign-in is not set up on this server. Use your e-mail and password.",
      });
      return;
    }
    try {
      const { url } = await authApi.social(provider);
      if (url) window.location.assign(url);
    } catch (error) {
      console.warn("Federated sign-in did not start", error);
    }
  }

  async function forgot() {
    if (!email.trim()) {
      setNotice({ tone: "error", text: "Enter email to reset password" });
      return;
    }
    try {
      await authApi.requestPasswordReset(email.trim());
      setNotice({ tone: "success", text: "Password reset email sent" });
    } catch {
      setNotice({ tone: "error", text: "Failed to send reset email" });
    }
  }

  const signingUp = mode === "signup";
  return (
    <Card>
      <h1 className="text-[28px] font-semibold text-stone-900">
        {signingUp ? "Create your account" : "Welcome back"}
      </h1>
      <p className="mt-1 mb-6 text-stone-700">
        {signingUp ? "Start your garden notebook." : "Sign in to see your garden, tasks and plans."}
      </p>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {signingUp && (
          <Field
            label="Name (optional)"
            hint="What Tendril calls you. You can change it in Settings."
          >
            {(props) => (
              <Input
                {...props}
                autoComplete="nickname"
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
        )}
        <Field label="Email">
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" hint={signingUp ? "At least 8 characters." : undefined}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete={signingUp ? "new-password" : "current-password"}
              required
              minLength={signingUp ? 8 : undefined}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <Button type="submit" disabled={busy || !email.trim() || !password}>
          {busy ? "Please wait…" : signingUp ? "Sign up" : "Log in"}
        </Button>
        {!signingUp && (
          <button
            type="button"
            onClick={forgot}
            className="self-start text-sm font-semibold text-leaf-fg underline-offset-4 hover:underline"
          >
            Forgot Password?
          </button>
        )}
      </form>
      <div className="my-6 flex items-center gap-3 text-sm text-stone-700">
        <span className="h-px flex-1 bg-stone-300" />
        or
        <span className="h-px flex-1 bg-stone-300" />
      </div>
      <div className="flex flex-col gap-3">
        <Button variant="secondary" onClick={() => federated("google")}>
          <GoogleMark />
          Continue with Google
        </Button>
        {config?.auth.oidc && (
          <Button variant="secondary" onClick={() => federated("oidc")}>
            Continue with {config.auth.oidc.name}
          </Button>
        )}
      </div>
      <p className="mt-6 text-center text-stone-700">
        {signingUp ? "Already have an account?" : "New to Tendril?"}{" "}
        <button
          type="button"
          onClick={() => {
            setMode(signingUp ? "login" : "signup");
            setNotice(null);
          }}
          className="font-semibold text-leaf-fg underline-offset-4 hover:underline"
        >
          {signingUp ? "Log in" : "Sign up"}
        </button>
      </p>
    </Card>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 48 48">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.1 1.4-4.9 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
