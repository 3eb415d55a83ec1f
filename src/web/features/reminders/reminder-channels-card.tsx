import { Bell, Send, Trash2, Webhook } from "lucide-react";
import { type FormEvent, useState } from "react";
import {
  MAX_REMINDER_CHANNELS,
  type ReminderChannel,
  type ReminderChannelKind,
} from "../../../core/schemas/reminder-channels";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Field, Input, Select } from "../../components/ui/field";
import { Alert, SectionError, Skeleton } from "../../components/ui/misc";
import { errorMessage } from "../../lib/api-client";
import { toast } from "../../lib/toast-store";
import {
  useAddReminderChannel,
  useReminderChannels,
  useRemoveReminderChannel,
  useTestReminderChannel,
} from "./api/reminder-channels";

const KIND_LABELS: Record<ReminderChannelKind, string> = { ntfy: "ntfy", webhook: "Webhook" };

/** The URL's host (and path, for ntfy: the topic), never its query where secrets often sit. */
export function channelPlace(channel: Pick<ReminderChannel, "kind" | "url">): string {
  try {
    const url = new URL(channel.url);
    return channel.kind === "ntfy" ? `${url.host}${url.pathname}` : url.host;
  } catch {
    return channel.url;
  }
}

/**
 * Settings → Other channels: the same daily reminder sent to an ntfy topic or a webhook. Lists
 * the channels (each with "Send test" and "Remove"), and adds one; the server checks the URL and
 * its refusal is shown under the field.
 */
export function ReminderChannelsCard() {
  const channels = useReminderChannels();
  const add = useAddReminderChannel();
  const [kind, setKind] = useState<ReminderChannelKind>("ntfy");
  const [url, setUrl] = useState("");
  const [token, setToken] = useState("");
  const [urlError, setUrlError] = useState<string | undefined>();
  const full = (channels.data?.length ?? 0) >= MAX_REMINDER_CHANNELS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setUrlError(undefined);
    try {
      await add.mutateAsync({
        kind,
        url: url.trim(),
        ...(kind === "ntfy" && token.trim() ? { token: token.trim() } : {}),
      });
      setUrl("");
      setToken("");
      toast({
        title: `${KIND_LABELS[kind]} channel added`,
        description: "Use “Send test” to check it.",
        variant: "success",
      });
    } catch (error) {
      setUrlError(errorMessage(error));
    }
  }

  return (
    <Card aria-labelledby="channels-title">
      <CardTitle>
        <span id="channels-title">Other channels</span>
      </CardTitle>
      <p className="mb-4 text-stone-700">
        Send the same daily reminder to an{" "}
        <a
          className="text-leaf-fg underline"
          href="https://ntfy.sh"
          target="_blank"
          rel="noreferrer"
        >
          ntfy
        </a>{" "}
        topic (on ntfy.sh or your own server) or to a webhook that receives it as JSON.
      </p>
      {channels.isError ? (
        <SectionError
          text={`Your channels couldn't be loaded. ${errorMessage(channels.error)}`}
          retry={() => void channels.refetch()}
        />
      ) : channels.data === undefined ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only">Loading your channels…</span>
          <Skeleton className="h-16" />
        </div>
      ) : channels.data.length === 0 ? (
        <p className="rounded-xl bg-stone-100 p-3 text-sm text-stone-700">
          No other channels yet. Add an ntfy topic or a webhook below.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Reminder channels">
          {channels.data.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} />
          ))}
        </ul>
      )}
      <form
        className="mt-4 flex flex-col gap-4 border-t border-stone-300 pt-4"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <Field label="Kind">
          {(props) => (
            <Select
              {...props}
              value={kind}
              onChange={(event) => setKind(event.target.value as ReminderChannelKind)}
            >
              <option value="ntfy">ntfy topic</option>
              <option value="webhook">Webhook (JSON)</option>
            </Select>
          )}
        </Field>
        <Field
          label={kind === "ntfy" ? "Topic URL" : "Webhook URL"}
          error={urlError}
          hint={
            kind === "ntfy"
              ? "Such as https://ntfy.sh/my-garden-5f2c (pick a name hard to guess)."
              : "Tendril POSTs the reminder to it as JSON."
          }
        >
          {(props) => (
            <Input
              {...props}
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder={kind === "ntfy" ? "https://ntfy.sh/my-garden" : "https://"}
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                setUrlError(undefined);
              }}
            />
          )}
        </Field>
        {kind === "ntfy" && (
          <Field
            label="Access token (optional)"
            hint="For a protected topic: sent as a Bearer token, never shown again."
          >
            {(props) => (
              <Input
                {...props}
                type="password"
                autoComplete="off"
                placeholder="tk_…"
                value={token}
                onChange={(event) => setToken(event.target.value)}
              />
            )}
          </Field>
        )}
        <div className="flex flex-col items-start gap-1.5">
          <Button type="submit" disabled={add.isPending || full || url.trim() === ""}>
            {add.isPending ? "Adding…" : "Add channel"}
          </Button>
          {(full || url.trim() === "") && (
            <p className="text-sm text-stone-700">
              {full
                ? `You have ${MAX_REMINDER_CHANNELS} channels: remove one to add another.`
                : "Enter the URL to add it."}
            </p>
          )}
        </div>
      </form>
    </Card>
  );
}

function ChannelRow({ channel }: { channel: ReminderChannel }) {
  const test = useTestReminderChannel();
  const remove = useRemoveReminderChannel();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const Icon = channel.kind === "ntfy" ? Bell : Webhook;
  const place = channelPlace(channel);

  async function sendTest() {
    setResult(null);
    try {
      const outcome = await test.mutateAsync(channel.id);
      setResult(
        outcome.sent
          ? { ok: true, text: "Test message sent." }
          : { ok: false, text: `The test message didn't get through: ${outcome.error}` },
      );
    } catch (error) {
      setResult({ ok: false, text: errorMessage(error) });
    }
  }

  async function removeIt() {
    try {
      await remove.mutateAsync(channel.id);
    } catch (error) {
      toast({
        title: "Couldn't remove the channel",
        description: errorMessage(error),
        variant: "destructive",
      });
    }
  }

  return (
    <li className="flex flex-col gap-2 rounded-xl border border-stone-300 p-3">
      <div className="flex items-start gap-2">
        <Icon size={20} aria-hidden className="mt-0.5 shrink-0 text-leaf-fg" />
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            {KIND_LABELS[channel.kind]}
            {channel.hasToken && (
              <span className="ml-2 text-sm font-normal text-stone-700">with access token</span>
            )}
          </p>
          <p className="text-sm text-stone-700 [overflow-wrap:anywhere]" title={channel.url}>
            {place}
          </p>
          {channel.lastError && !result && (
            <p className="text-sm text-berry-fg">Last attempt failed: {channel.lastError}</p>
          )}
        </div>
      </div>
      {result && <Alert tone={result.ok ? "success" : "error"}>{result.text}</Alert>}
      <div className="grid gap-2 sm:flex sm:flex-wrap">
        <Button
          variant="secondary"
          size="sm"
          className="min-h-11"
          disabled={test.isPending}
          onClick={() => void sendTest()}
        >
          <Send size={20} aria-hidden />
          {test.isPending ? "Sending…" : "Send test"}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="min-h-11"
          disabled={remove.isPending}
          aria-label={`Remove ${KIND_LABELS[channel.kind]} channel ${place}`}
          onClick={() => void removeIt()}
        >
          <Trash2 size={20} aria-hidden />
          {remove.isPending ? "Removing…" : "Remove"}
        </Button>
      </div>
    </li>
  );
}
