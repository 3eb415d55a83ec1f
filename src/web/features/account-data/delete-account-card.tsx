import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { Field, Input } from "../../components/ui/field";
import { Alert } from "../../components/ui/misc";
import { errorMessage } from "../../lib/api-client";
import { sessionQueryKey, useAuth } from "../../lib/auth-context";
import { setJson } from "../../lib/storage";
import { toast } from "../../lib/toast-store";
import { DELETE_ACCOUNT_CONFIRMATION, deleteAccount } from "./api/delete-account";

/** The typed words match, ignoring case and spaces around them. */
export const confirmationMatches = (typed: string) =>
  typed.trim().replace(/\s+/g, " ").toLowerCase() === DELETE_ACCOUNT_CONFIRMATION;

/** This browser's push subscription goes with the account (the server already forgot it). */
async function dropBrowserPush() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  } catch {
    // Nothing to drop, or the browser will not say: the push service refuses it soon anyway.
  }
}

/** Delete account: a danger zone, behind a dialog where the gardener types the words. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const matches = confirmationMatches(typed);

  function openDialog(next: boolean) {
    setOpen(next);
    if (next) {
      setTyped("");
      setError(null);
    }
  }

  async function confirm(event: React.FormEvent) {
    event.preventDefault();
    if (!matches || busy) return;
    setBusy(true);
    setError(null);
    try {
      await deleteAccount();
    } catch (failure) {
      setBusy(false);
      setError(errorMessage(failure, "Your account couldn't be deleted. Please try again."));
      return;
    }
    await dropBrowserPush();
    try {
      await signOut();
    } catch {
      // The session ended with the account, so signing out may be refused: forget it here.
      setJson("profile", null);
      queryClient.setQueryData(sessionQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    }
    setOpen(false);
    toast({
      title: "Your account is deleted",
      description: "Your garden and everything in it are gone from Tendril.",
    });
    navigate("/auth", { replace: true });
  }

  return (
    <Card aria-labelledby="delete-account-title" className="border-berry-600!">
      <CardTitle>
        <span id="delete-account-title">Delete account</span>
      </CardTitle>
      <p className="mb-4 text-stone-700">
        Deletes your account and everything in it (plants, tasks, photos, chats, checklists and
        reminders) for good. Download your data first if you want a copy.
      </p>
      <Button variant="danger" onClick={() => openDialog(true)}>
        Delete account…
      </Button>
      <Dialog
        open={open}
        onOpenChange={openDialog}
        title="Delete your account?"
        description="This can't be undone: your account, your garden and everything in it are deleted for good."
        dismissible={!busy}
      >
        <form onSubmit={confirm} className="flex flex-col gap-4">
          <Field
            label={`Type “${DELETE_ACCOUNT_CONFIRMATION}” to confirm`}
            hint={matches ? undefined : "The Delete button works once the words match."}
          >
            {(props) => (
              <Input
                {...props}
                value={typed}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                onChange={(event) => setTyped(event.target.value)}
              />
            )}
          </Field>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => openDialog(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!matches || busy}>
              {busy ? "Deleting…" : "Delete my account"}
            </Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
