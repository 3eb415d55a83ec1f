import { Check, Copy, KeyRound } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  API_TOKEN_LIMIT,
  API_TOKEN_NAME_LIMIT,
  API_TOKEN_SCOPE_LABELS,
  type ApiTokenScope,
  apiTokenScopes,
} from "../../../core/api-tokens";
import type { ApiToken, ApiTokenCreated } from "../../../core/schemas/api-tokens";
import { CopyField } from "../../components/copy-field";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Field, Input } from "../../components/ui/field";
import { SectionError, Skeleton } from "../../components/ui/misc";
import { errorMessage } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { dateFormat } from "../../lib/format";
import { toast } from "../../lib/toast-store";
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from "./api/api-tokens";

const shortDate = dateFormat({ day: "numeric", month: "short", year: "numeric" });
const fullInstant = dateFormat({ dateStyle: "full", timeStyle: "short" });

const SCOPE_HINTS: Record<ApiTokenScope, string> = {
  read: "Can see your plants, tasks and weather.",
  write: "Can also add, change and complete things.",
};

/**
 * Issue 25 item 7: API tokens for scripts and home automation. A new token's secret is shown
 * once, here; the list shows each token's first characters only.
 */
export function ApiTokensCard() {
  const tokens = useApiTokens();
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const revoke = useRevokeApiToken();
  const atLimit = (tokens.data?.length ?? 0) >= API_TOKEN_LIMIT;

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast({
        title: `“${revoking.name}” revoked`,
        description: "Anything still using it is refused from now on.",
        variant: "success",
      });
      if (created?.token.id === revoking.id) setCreated(null);
    } catch (error) {
      toast({
        title: "Couldn't revoke the token",
        description: errorMessage(error),
        variant: "destructive",
      });
    }
    setRevoking(null);
  }

  return (
    <Card aria-labelledby="api-tokens-title">
      <CardTitle>
        <span id="api-tokens-title">API tokens</span>
      </CardTitle>
      <p className="mb-4 text-stone-700">
        Let Home Assistant or your own scripts use your garden through Tendril's API: send a token
        as <code className="rounded bg-stone-100 px-1 text-sm">Authorization: Bearer …</code>.
        Tokens can't change your account or make other tokens.
      </p>
      {created && <NewSecret created={created} onDone={() => setCreated(null)} />}
      {tokens.isError ? (
        <SectionError
          text={`Your API tokens couldn't be loaded. ${errorMessage(tokens.error)}`}
          retry={() => void tokens.refetch()}
        />
      ) : tokens.data === undefined ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <span className="sr-only">Loading your API tokens…</span>
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : tokens.data.length === 0 ? (
        <p className="rounded-xl bg-stone-100 p-3 text-stone-700">
          No API tokens yet. Create one below to connect Home Assistant or a script.
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your API tokens">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      )}
      <CreateForm
        disabledReason={
          atLimit
            ? `You have ${API_TOKEN_LIMIT} tokens, the most an account can hold. Revoke one to make another.`
            : null
        }
        onCreated={setCreated}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        description="Anything using this token is refused from now on. This can't be undone."
        action="Revoke token"
        busyAction="Revoking…"
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
      />
    </Card>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const created = new Date(token.createdAt);
  const used = token.lastUsedAt ? new Date(token.lastUsedAt) : null;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-stone-300 p-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <KeyRound size={20} aria-hidden className="shrink-0 text-stone-700" />
          <span className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">
            {token.name}
          </span>
          <span
            className={cn(
              "rounded-full px-2 py-0.5 text-xs font-semibold",
              token.scope === "write" ? "bg-sun-500/20 text-soil-700" : "bg-leaf-100 text-leaf-fg",
            )}
          >
            {API_TOKEN_SCOPE_LABELS[token.scope]}
          </span>
        </div>
        <p className="text-sm text-stone-700">
          <span className="font-mono">{token.prefix}…</span>
          {" · "}
          <span title={fullInstant(created)}>Created {shortDate(created)}</span>
          {" · "}
          {used ? (
            <span title={fullInstant(used)}>Last used {shortDate(used)}</span>
          ) : (
            <span>Never used</span>
          )}
        </p>
      </div>
      <Button
        variant="secondary"
        className="self-start sm:self-center"
        onClick={onRevoke}
        aria-label={`Revoke ${token.name}`}
      >
        Revoke
      </Button>
    </li>
  );
}

/** The new token's secret, this once, with a Copy button. */
function NewSecret({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-4 flex flex-col gap-3 rounded-xl border border-leaf-500 bg-leaf-100 p-3"
    >
      <h3 id={`${id}-title`} className="font-semibold text-stone-900">
        Your new token “{created.token.name}”
      </h3>
      <p className="text-sm text-stone-900">
        Copy it now and keep it somewhere safe: it won't be shown again.
      </p>
      <CopyField
        label="The new token"
        hideLabel
        value={created.secret}
        what="token"
        rows={2}
        className="bg-surface"
      >
        {({ copy, copied }) => (
          <div className="grid gap-3 sm:flex sm:flex-wrap">
            <Button variant="primary" onClick={copy}>
              {copied ? <Check size={20} aria-hidden /> : <Copy size={20} aria-hidden />}
              {copied ? "Copied" : "Copy"}
            </Button>
            <Button variant="secondary" onClick={onDone}>
              Done
            </Button>
          </div>
        )}
      </CopyField>
    </section>
  );
}

function CreateForm({
  disabledReason,
  onCreated,
}: {
  disabledReason: string | null;
  onCreated: (created: ApiTokenCreated) => void;
}) {
  const create = useCreateApiToken();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiTokenScope>("read");
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();
  const trimmed = name.trim();
  const reason = disabledReason ?? (trimmed ? null : "Give the token a name to create it.");

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason || create.isPending) return;
    setError(null);
    try {
      const made = await create.mutateAsync({ name: trimmed, scope });
      setName("");
      setScope("read");
      onCreated(made);
    } catch (failure) {
      setError(errorMessage(failure, "The token couldn't be created. Please try again."));
    }
  }

  return (
    <form
      onSubmit={submit}
      className="mt-6 flex flex-col gap-4 border-t border-stone-300 pt-4"
      aria-label="New API token"
    >
      <h3 className="font-semibold text-stone-900">New token</h3>
      <Field
        label="Name"
        hint="What will use it, such as “Home Assistant”."
        error={error ?? undefined}
      >
        {(props) => (
          <Input
            {...props}
            value={name}
            maxLength={API_TOKEN_NAME_LIMIT}
            autoComplete="off"
            placeholder="Home Assistant"
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="mb-1.5 text-sm font-semibold text-stone-700">
          Access
        </legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {apiTokenScopes.map((value) => (
            <label
              key={value}
              className={cn(
                "flex min-h-11 cursor-pointer flex-col justify-center rounded-xl border px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-leaf-fg",
                scope === value
                  ? "border-leaf-fg bg-leaf-100"
                  : "border-stone-300 hover:bg-stone-100",
              )}
            >
              <input
                type="radio"
                name="api-token-scope"
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
                className="sr-only"
              />
              <span
                className={cn("font-semibold", scope === value ? "text-leaf-fg" : "text-stone-900")}
              >
                {scope === value ? "✓ " : ""}
                {API_TOKEN_SCOPE_LABELS[value]}
              </span>
              <span className="text-sm text-stone-700">{SCOPE_HINTS[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5 sm:flex-row sm:items-center sm:gap-3">
        <Button
          type="submit"
          disabled={reason !== null || create.isPending}
          className="sm:self-start"
        >
          {create.isPending ? "Creating…" : "Create token"}
        </Button>
        {reason && <p className="text-sm text-stone-700">{reason}</p>}
      </div>
    </form>
  );
}
