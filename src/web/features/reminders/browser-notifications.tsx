import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Alert } from "../../components/ui/misc";
import { Switch } from "../../components/ui/switch";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast-store";
import { reminderKeys } from "./api/keys";
import {
  browserEnvironment,
  currentSubscription,
  disablePush,
  enablePush,
  PUSH_MESSAGES,
  PushSetupError,
  pushProblem,
} from "./browser-push";

/**
 * "Browser notifications" on/off for this browser. On asks permission and subscribes through the
 * service worker; off unsubscribes. When the browser cannot (no push support, permission
 * blocked, no push service) the switch says why instead of failing silently.
 */
export function BrowserNotifications({ onTurnedOn }: { onTurnedOn?: () => unknown }) {
  const queryClient = useQueryClient();
  const env = useMemo(browserEnvironment, []);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const blocked = pushProblem(env);
  const subscribed = useQuery({
    queryKey: reminderKeys.pushSubscription,
    queryFn: async () => (await currentSubscription(env)) !== null,
    enabled: blocked !== "insecure" && blocked !== "unsupported",
    staleTime: Number.POSITIVE_INFINITY,
  });
  const on = subscribed.data === true;

  async function turn(next: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      if (next) {
        await enablePush(env);
        await onTurnedOn?.();
        toast({
          title: "Browser notifications are on",
          description: "Your daily reminder will show up on this device.",
          variant: "success",
        });
      } else {
        const { serverForgot } = await disablePush(env);
        toast({
          title: "Browser notifications are off",
          description: serverForgot
            ? undefined
            : "Tendril couldn't be told right now; it stops trying when the browser refuses the next reminder.",
        });
      }
    } catch (error) {
      setProblem(
        error instanceof PushSetupError
          ? error.message
          : `Notifications couldn't be turned ${next ? "on" : "off"}. ${errorMessage(error)}`,
      );
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: reminderKeys.pushSubscription });
    }
  }

  // Blocked or unsupported: the switch cannot work, unless it is on and can still be turned off.
  const unusable = (blocked !== null && !on) || subscribed.isError;
  const reason = blocked ? PUSH_MESSAGES[blocked] : null;
  return (
    <div className="flex flex-col gap-3">
      <Switch
        label="Browser notifications"
        description={
          subscribed.isPending && !blocked
            ? "Checking this browser…"
            : "On this device: one notification a day, with Done and Snooze 1 day right on it."
        }
        checked={on}
        busy={busy || (subscribed.isPending && !blocked)}
        disabled={unusable}
        onCheckedChange={(next) => void turn(next)}
      />
      {problem ? (
        <Alert tone="error">{problem}</Alert>
      ) : reason ? (
        <Alert tone="info">{reason}</Alert>
      ) : subscribed.isError ? (
        <Alert tone="error">
          This browser's notification setting couldn't be read. Reload the page and try again.
        </Alert>
      ) : null}
    </div>
  );
}
