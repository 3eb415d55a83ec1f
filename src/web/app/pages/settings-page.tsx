import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Monitor, Moon, Sun } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Quota } from "../../../core/schemas/app-config";
import type { Me } from "../../../core/schemas/me";
import { Button, focusRing } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/field";
import { Alert, PageHeader, Skeleton } from "../../components/ui/misc";
import { DataCard } from "../../features/account-data/data-card";
import { DeleteAccountCard } from "../../features/account-data/delete-account-card";
import { CalendarCard } from "../../features/reminders/calendar-card";
import { RemindersCard } from "../../features/reminders/reminders-card";
import { CreditsCard } from "../../features/settings/credits-card";
import { api, errorMessage } from "../../lib/api-client";
import { authApi } from "../../lib/auth-api";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { storage, type Units } from "../../lib/storage";
import { useTheme } from "../../lib/theme";
import { toast } from "../../lib/toast-store";
import { useStoredPlace } from "../../lib/use-location-label";
import { useMe, useUpdateMe } from "../../lib/use-me";

export function SettingsPage() {
  const me = useMe();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Profile & Settings" />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          {me.data ? (
            <>
              <PreferencesCard me={me.data} />
              <RemindersCard me={me.data} />
            </>
          ) : me.isError ? (
            <LoadError retry={() => me.refetch()} />
          ) : (
            <>
              <Skeleton className="h-96" />
              <Skeleton className="h-96" />
            </>
          )}
          <CalendarCard />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <QuotaCard />
          {me.data && <AccountCard email={me.data.email} />}
          <DataCard />
          <DeleteAccountCard />
          <CreditsCard />
        </div>
      </div>
    </div>
  );
}

function LoadError({ retry }: { retry: () => void }) {
  return (
    <Card>
      <Alert tone="error">
        Your profile could not be loaded. Check your connection and try again.
      </Alert>
      <Button className="mt-4" variant="secondary" onClick={retry}>
        Try again
      </Button>
    </Card>
  );
}

function PreferencesCard({ me }: { me: Me }) {
  const update = useUpdateMe();
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(me.displayName ?? "");
  const [units, setUnits] = useState<Units>(me.units);
  // Starts from the place the nav's label shows (the stored location, else the ZIP's town); null
  // until the gardener types, and only a typed location is saved.
  const place = useStoredPlace();
  const [location, setLocation] = useState<string | null>(null);
  const nameError = displayName.trim() ? undefined : "Enter a display name.";

  useEffect(() => {
    setDisplayName(me.displayName ?? "");
    setUnits(me.units);
  }, [me.displayName, me.units]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    try {
      const typed = location === null ? undefined : location.trim() || null;
      await update.mutateAsync({
        displayName: displayName.trim(),
        units,
        ...(typed === undefined ? {} : { location: typed }),
      });
      storage.setUnits(units);
      if (typed !== undefined) storage.setLocation(typed);
      toast({ title: "Preferences saved", variant: "success" });
    } catch (error) {
      toast({
        title: "Couldn't save your preferences",
        description: errorMessage(error),
        variant: "destructive",
      });
    }
  }

  async function resetWeatherCache() {
    storage.clearWeather();
    try {
      await api.delete("/api/gardening/weather-cache");
      await queryClient.invalidateQueries({ queryKey: ["weather"] });
      toast({
        title: "Weather cache cleared",
        description: "Fresh weather loads next time you open My Garden.",
      });
    } catch (error) {
      toast({
        title: "Couldn't clear the weather cache",
        description: errorMessage(error),
        variant: "destructive",
      });
    }
  }

  return (
    <Card>
      <CardTitle>Preferences</CardTitle>
      <form onSubmit={save} className="flex flex-col gap-4">
        <Field label="Display name" error={nameError}>
          {(props) => (
            <Input
              {...props}
              autoComplete="nickname"
              maxLength={80}
              value={displayName}
              onChange={(e) => setDisplayName(e.target.value)}
            />
          )}
        </Field>
        <ChoiceGroup
          legend="Temperature"
          name="units"
          value={units}
          onChange={setUnits}
          options={[
            { value: "C", label: "Celsius (°C)" },
            { value: "F", label: "Fahrenheit (°F)" },
          ]}
        />
        <Field
          label="Default location"
          hint="A city or ZIP code, used for weather and planting advice."
        >
          {(props) => (
            <Input
              {...props}
              autoComplete="address-level2"
              maxLength={120}
              value={location ?? place ?? ""}
              onChange={(e) => setLocation(e.target.value)}
            />
          )}
        </Field>
        {me.zone && (
          <p className="text-sm text-stone-700">
            USDA zone {me.zone} ({me.tempRange} °F){me.zip ? ` for ZIP ${me.zip}` : ""}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={update.isPending || !!nameError}>
            {update.isPending ? "Saving…" : "Save Preferences"}
          </Button>
          <Button variant="secondary" onClick={resetWeatherCache}>
            Reset Weather Cache
          </Button>
        </div>
      </form>
      <div className="mt-6 border-t border-stone-300 pt-6">
        <ThemeChoice />
      </div>
    </Card>
  );
}

/** Saved in this browser as soon as it is picked; no server round trip. */
function ThemeChoice() {
  const [theme, setTheme] = useTheme();
  return (
    <ChoiceGroup
      legend="Theme"
      hint="System follows your device."
      name="theme"
      value={theme}
      onChange={setTheme}
      options={[
        {
          value: "system",
          label: "System",
          icon: <Monitor size={18} aria-hidden className="shrink-0" />,
        },
        {
          value: "light",
          label: "Light",
          icon: <Sun size={18} aria-hidden className="shrink-0" />,
        },
        { value: "dark", label: "Dark", icon: <Moon size={18} aria-hidden className="shrink-0" /> },
      ]}
    />
  );
}

/** A row of radio buttons drawn as chips, the selected one in leaf green. */
function ChoiceGroup<T extends string>({
  legend,
  hint,
  name,
  value,
  onChange,
  options,
}: {
  legend: string;
  hint?: string;
  name: string;
  value: T;
  onChange: (value: T) => void;
  options: { value: T; label: string; icon?: ReactNode }[];
}) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hint ? hintId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-stone-700">{legend}</legend>
      <div className={cn("grid gap-2", options.length === 3 ? "grid-cols-3" : "grid-cols-2")}>
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              "flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-xl border px-1 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-leaf-fg",
              value === option.value
                ? "border-leaf-fg bg-leaf-100 text-leaf-fg"
                : "border-stone-300 text-stone-900 hover:bg-stone-100",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.icon}
            {option.label}
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-stone-700">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

function QuotaCard() {
  const quota = useQuery({ queryKey: ["quota"], queryFn: () => api.get<Quota>("/api/me/quota") });
  const tiles = quota.data
    ? [
        { label: "Plan", value: quota.data.plan === "pro" ? "Pro" : "Free" },
        { label: "Daily limit", value: String(quota.data.dailyLimit) },
        { label: "Used today", value: String(quota.data.usedToday) },
        { label: "This month", value: String(quota.data.usedThisMonth) },
      ]
    : null;
  return (
    <Card>
      <CardTitle
        action={
          <Link
            to="/plans"
            className={cn(
              "inline-flex min-h-11 items-center rounded-xl px-3 font-semibold text-leaf-fg hover:bg-leaf-100",
              focusRing,
            )}
          >
            View Plans
          </Link>
        }
      >
        Messages
      </CardTitle>
      {quota.isError ? (
        <Alert tone="error">Your message quota could not be loaded.</Alert>
      ) : (
        <dl className="grid grid-cols-2 gap-3">
          {(tiles ?? [0, 1, 2, 3].map(() => null)).map((tile, i) =>
            tile ? (
              <div key={tile.label} className="rounded-xl bg-stone-100 p-3">
                <dt className="text-sm text-stone-700">{tile.label}</dt>
                <dd className="text-[22px] font-semibold text-stone-900 tabular-nums">
                  {tile.value}
                </dd>
              </div>
            ) : (
              <Skeleton key={String(i)} className="h-20" />
            ),
          )}
        </dl>
      )}
    </Card>
  );
}

function AccountCard({ email }: { email: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function resetPassword() {
    try {
      await authApi.requestPasswordReset(email);
      setNotice({ tone: "success", text: "Password reset email sent." });
    } catch {
      setNotice({ tone: "error", text: "Unable to send reset email. Check account email." });
    }
  }

  async function leave() {
    try {
      await signOut();
    } finally {
      navigate("/auth", { replace: true });
    }
  }

  return (
    <Card>
      <CardTitle>Account</CardTitle>
      <p className="mb-4 text-stone-700">
        Signed in as <span className="font-semibold text-stone-900">{email}</span>
      </p>
      {notice && (
        <div className="mb-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={resetPassword}>
          Reset password
        </Button>
        <Button variant="secondary" onClick={leave}>
          Switch account
        </Button>
        <Button variant="danger" onClick={leave}>
          Sign out
        </Button>
      </div>
    </Card>
  );
}
