import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/field";
import { Alert } from "../../components/ui/misc";
import { errorMessage } from "../../lib/api-client";
import { authApi } from "../../lib/auth-api";
import { toast } from "../../lib/toast-store";

/** The page the e-mailed reset link lands on (/auth?token=…). */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tooShort = password.length > 0 && password.length < 8;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await authApi.resetPassword(token, password);
      toast({
        title: "Password changed",
        description: "Log in with your new password.",
        variant: "success",
      });
      navigate("/auth", { replace: true });
    } catch (e) {
      setError(errorMessage(e, "The password could not be changed. Ask for a new reset link."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <h1 className="mb-6 text-[28px] font-semibold text-stone-900">Choose a new password</h1>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="New password" error={tooShort ? "Use at least 8 characters." : undefined}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" disabled={busy || password.length < 8}>
          {busy ? "Saving…" : "Set new password"}
        </Button>
      </form>
    </Card>
  );
}
