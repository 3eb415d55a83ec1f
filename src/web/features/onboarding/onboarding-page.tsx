import { useQuery } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { experienceValues, preferenceLabels, preferenceValues } from "../../../core/profile-values";
import type { MePatch, ZipZone } from "../../../core/schemas/me";
import { Button, focusRing } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/field";
import { Spinner } from "../../components/ui/misc";
import { api } from "../../lib/api-client";
import { authApi } from "../../lib/auth-api";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { getString, setString, storage } from "../../lib/storage";
import { toast } from "../../lib/toast-store";
import { REDIRECT_AFTER_MS, raceSave, retryInBackground, SAVE_TIMEOUT_MS } from "./save";

type Experience = (typeof experienceValues)[number];
type Preference = (typeof preferenceValues)[number];

const experienceLabels: Record<Experience, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

export function OnboardingPage() {
  const { status } = useAuth();
  if (status === "loading") return <Spinner label="Checking your session…" />;
  return (
    <div className="mx-auto max-w-lg">
      {status === "signed-in" ? <Steps /> : <SignedOutWelcome />}
    </div>
  );
}

function SignedOutWelcome() {
  async function google() {
    try {
      const { url } = await authApi.social("google");
      if (url) window.location.assign(url);
    } catch {
      toast({
        title: "Google sign-in is not set up on this server",
        description: "Sign in with your e-mail instead.",
      });
    }
  }
  return (
    <Card>
      <h1 className="text-[28px] font-semibold text-stone-900">Welcome to Tendril</h1>
      <p className="mt-2 mb-6 text-stone-700">
        Sign in to set up your garden: your zone, your experience and what you love to grow.
      </p>
      <div className="flex flex-col gap-3">
        <Button variant="secondary" onClick={google}>
          Continue with Google
        </Button>
        <Link
          to="/auth"
          className={cn(
            "inline-flex min-h-11 items-center justify-center rounded-xl bg-leaf-700 px-4 font-semibold text-white",
            focusRing,
          )}
        >
          Sign in with e-mail
        </Link>
      </div>
    </Card>
  );
}

function useZone(zip: string) {
  const valid = /^\d{5}$/.test(zip);
  return useQuery({
    queryKey: ["zone", zip],
    queryFn: () => api.get<ZipZone>(`/api/zones/${zip}`),
    enabled: valid,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function StepDots({ step }: { step: number }) {
  return (
    <ol className="mb-6 flex items-center gap-2" aria-label={`Step ${step} of 4`}>
      {[1, 2, 3, 4].map((n) => (
        <li
          key={n}
          aria-current={n === step ? "step" : undefined}
          className={cn("h-2 flex-1 rounded-full", n <= step ? "bg-leaf-500" : "bg-stone-300")}
        />
      ))}
    </ol>
  );
}

function Choice({
  name,
  selected,
  onSelect,
  children,
}: {
  name: string;
  selected: boolean;
  onSelect: () => void;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        "flex min-h-12 w-full cursor-pointer items-center justify-between rounded-xl border px-4 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-leaf-fg",
        selected
          ? "border-leaf-fg bg-leaf-100 text-leaf-fg"
          : "border-stone-300 bg-surface text-stone-900 hover:bg-stone-100",
      )}
    >
      <input type="radio" name={name} checked={selected} onChange={onSelect} className="sr-only" />
      {children}
      {selected && <Check size={20} aria-hidden />}
    </label>
  );
}

function Steps() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [step, setStep] = useState(1);
  const [zip, setZip] = useState(getString("zip") ?? "");
  const [experience, setExperience] = useState<Experience>("beginner");
  const [preference, setPreference] = useState<Preference | null>(null);
  const [saving, setSaving] = useState(false);
  const zone = useZone(zip.trim());
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  function welcome() {
    setSaving(false);
    setStep(4);
    timers.current.push(setTimeout(() => navigate("/", { replace: true }), REDIRECT_AFTER_MS));
  }

  async function finish() {
    if (!preference) return;
    const z = zone.data;
    setString("zip", zip.trim());
    setString("zone", z?.zone);
    setString("zoneTitle", z?.zonetitle);
    setString("zoneTempRange", z?.trange);
    setString("experience", experience);
    setString("preference", preference);
    storage.setOnboarded();
    const patch: MePatch = { zip: zip.trim(), experience, preference, onboardingCompleted: true };
    setSaving(true);
    let done = false;
    const giveUp = setTimeout(() => {
      if (!done) welcome();
    }, SAVE_TIMEOUT_MS);
    timers.current.push(giveUp);
    try {
      await raceSave(() => api.patch("/api/me", patch));
    } catch {
      toast({
        title: "Save failed",
        description: "We'll keep trying in the background.",
        variant: "destructive",
      });
      retryInBackground(patch);
    }
    done = true;
    clearTimeout(giveUp);
    welcome();
  }

  return (
    <Card>
      <StepDots step={step} />
      {step === 1 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (zip.trim()) setStep(2);
          }}
          className="flex flex-col gap-4"
        >
          <h1 className="text-[28px] font-semibold text-stone-900">Where do you garden?</h1>
          <p className="text-stone-700">
            Your ZIP code tells Tendril your USDA hardiness zone, so advice fits your winters.
          </p>
          <Field
            label="ZIP code"
            hint={
              zone.data
                ? `${zone.data.place ? `${zone.data.place}: ` : ""}USDA zone ${zone.data.zone} (${zone.data.trange} °F)${zone.data.map === "2012" ? ", 2012 map" : ""}`
                : zone.isError
                  ? "We don't know the zone of that ZIP code, but you can go on."
                  : "For example 94110."
            }
          >
            {(props) => (
              <Input
                {...props}
                inputMode="numeric"
                autoComplete="postal-code"
                maxLength={10}
                value={zip}
                onChange={(e) => setZip(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" disabled={!zip.trim()}>
            Next
          </Button>
        </form>
      )}
      {step === 2 && (
        <div className="flex flex-col gap-4">
          <h1 className="text-[28px] font-semibold text-stone-900">
            How much have you grown before?
          </h1>
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Experience</legend>
            {experienceValues.map((value) => (
              <Choice
                key={value}
                name="experience"
                selected={experience === value}
                onSelect={() => setExperience(value)}
              >
                {experienceLabels[value]}
              </Choice>
            ))}
          </fieldset>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={() => setStep(1)}>
              Back
            </Button>
            <Button className="flex-1" onClick={() => setStep(3)}>
              Next
            </Button>
          </div>
        </div>
      )}
      {step === 3 && (
        <div className="flex flex-col gap-4">
          <h1 className="text-[28px] font-semibold text-stone-900">
            What do you most want to grow?
          </h1>
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Main interest</legend>
            {preferenceValues.map((value) => (
              <Choice
                key={value}
                name="preference"
                selected={preference === value}
                onSelect={() => setPreference(value)}
              >
                {preferenceLabels[value]}
              </Choice>
            ))}
          </fieldset>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={() => setStep(2)} disabled={saving}>
              Back
            </Button>
            <Button className="flex-1" onClick={finish} disabled={!preference || saving}>
              {saving ? "Saving…" : "Finish"}
            </Button>
          </div>
          {!preference && <p className="text-sm text-stone-700">Choose one to finish.</p>}
        </div>
      )}
      {step === 4 && (
        <div className="flex flex-col gap-2 py-4 text-center">
          <p aria-hidden className="text-[36px]">
            🌿
          </p>
          <h1 className="text-[28px] font-semibold text-stone-900">
            Welcome{user?.name ? `, ${user.name}` : ""}!
          </h1>
          <p className="text-stone-700">Your garden is ready. Taking you home…</p>
        </div>
      )}
    </Card>
  );
}
