import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import type { Quota } from "../../../core/schemas/app-config";
import { Button, focusRing } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert, PageHeader, Skeleton } from "../../components/ui/misc";
import { DataCard } from "../../features/account-data/data-card";
import { DeleteAccountCard } from "../../features/account-data/delete-account-card";
import { OperatorCard } from "../../features/admin/operator-card";
import { ApiTokensCard } from "../../features/api-tokens/api-tokens-card";
import { ClimateCard } from "../../features/climate/climate-card";
import { CalendarCard } from "../../features/reminders/calendar-card";
import { ReminderChannelsCard } from "../../features/reminders/reminder-channels-card";
import { RemindersCard } from "../../features/reminders/reminders-card";
import { CreditsCard } from "../../features/settings/credits-card";
import { PreferencesCard } from "../../features/settings/preferences-card";
import { api } from "../../lib/api-client";
import { authApi } from "../../lib/auth-api";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { useMe } from "../../lib/use-me";

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
              <ClimateCard me={me.data} />
              <RemindersCard me={me.data} />
              <ReminderChannelsCard />
            </>
          ) : me.isError ? (
            <LoadError retry={() => me.refetch()} />
          ) : (
            <>
              <Skeleton className="h-96" />
              <Skeleton className="h-64" />
              <Skeleton className="h-96" />
            </>
          )}
          <CalendarCard />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <QuotaCard />
          {me.data && <AccountCard email={me.data.email} />}
          <DataCard />
          <ApiTokensCard />
          <DeleteAccountCard />
          <OperatorCard />
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

const ACCOUNT_ID = "account";

/**
 * A link to /settings#account (the menu's Sign Out) lands here with Sign out in view and focused.
 * The card appears once the profile has loaded, after the router's own scroll, so it does this.
 */
function useAccountTarget() {
  const location = useLocation();
  const signOut = useRef<HTMLButtonElement>(null);
  // Each arrival by the link is a new location, so it lands again.
  useEffect(() => {
    if (location.hash !== `#${ACCOUNT_ID}`) return;
    signOut.current?.scrollIntoView({ block: "center" });
    signOut.current?.focus({ preventScroll: true });
  }, [location]);
  return signOut;
}

function AccountCard({ email }: { email: string }) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const signOutButton = useAccountTarget();
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
    <Card id={ACCOUNT_ID} className="scroll-mt-24">
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
        <Button ref={signOutButton} variant="danger" onClick={leave}>
          Sign out
        </Button>
      </div>
    </Card>
  );
}
