import { useQueryClient } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { usesFahrenheit } from "../../../core/fahrenheit-countries";
import { placeTitle } from "../../../core/place-title";
import { experienceValues, preferenceLabels, preferenceValues } from "../../../core/profile-values";
import type { MePatch, ZipZone } from "../../../core/schemas/me";
import type { Place } from "../../../core/schemas/place";
import { Button, focusRing } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Spinner } from "../../components/ui/misc";
import { api, HttpError } from "../../lib/api-client";
import { authApi } from "../../lib/auth-api";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { getString, setString, storage } from "../../lib/storage";
import { toast } from "../../lib/toast-store";
import { PlaceStep } from "./place-step";
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
  const queryClient = useQueryClient();
  const [step, setStep] = useState(1);
  const [place, setPlace] = useState<Place | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [experience, setExperience] = useState<Experience>("beginner");
  const [preference, setPreference] = useState<Preference | null>(null);
  const [saving, setSaving] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const choose = useCallback((chosen: Place | null) => {
    setPlace(chosen);
    setPlaceError(null);
  }, []);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  function welcome() {
    storage.setOnboarded();
    setSaving(false);
    setStep(4);
    timers.current.push(setTimeout(() => navigate("/", { replace: true }), REDIRECT_AFTER_MS));
  }

  async function finish() {
    if (!preference || !place) return;
    const zip =
      place.countryCode === "US" && /^\d{5}$/.test(place.postcode ?? "") ? place.postcode : null;
    if (zip) {
      // The zone the step looked up, for the chat's context as the spec keeps it (§9).
      const z = queryClient.getQueryData<ZipZone>(["zone", zip]);
      setString("zip", zip);
      setString("zone", z?.zone);
      setString("zoneTitle", z?.zonetitle);
      setString("zoneTempRange", z?.trange);
    }
    setString("experience", experience);
    setString("preference", preference);
    // Local defaults, which Settings can change (issue 23): °F where it is the everyday scale,
    // and reminders in this browser's time zone when the place came without one.
    const units = usesFahrenheit(place.countryCode) ? "F" : "C";
    storage.setUnits(units);
    const timeZone = place.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    const patch: MePatch = {
      place,
      experience,
      preference,
      onboardingCompleted: true,
      units,
      ...(timeZone ? { timeZone } : {}),
    };
    setSaving(true);
    let done = false;
    const giveUp = setTimeout(() => {
      if (!done) welcome();
    }, SAVE_TIMEOUT_MS);
    timers.current.push(giveUp);
    try {
      await raceSave(() => api.patch("/api/me", patch));
    } catch (error) {
      if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
        // Refused, not lost: retrying would loop. Say why on the step it is about.
        done = true;
        clearTimeout(giveUp);
        setSaving(false);
        setPlaceError(error.serverMessage ?? "That place could not be saved. Choose another.");
        setStep(1);
        return;
      }
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
        <PlaceStep
          initial={place ? placeTitle(place) : (getString("zip") ?? "")}
          chosen={place}
          onChoose={choose}
          onNext={() => setStep(2)}
          error={placeError}
        />
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
