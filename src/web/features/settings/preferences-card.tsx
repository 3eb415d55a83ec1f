import { useQueryClient } from "@tanstack/react-query";
import { Monitor, Moon, Sun } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useState } from "react";
import { placeTitle } from "../../../core/place-title";
import type { Me } from "../../../core/schemas/me";
import type { Place } from "../../../core/schemas/place";
import { PlacePicker, samePlace } from "../../components/place-picker";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Field, Input } from "../../components/ui/field";
import { api, errorMessage, HttpError } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { setString, storage, type Units } from "../../lib/storage";
import { useTheme } from "../../lib/theme";
import { toast } from "../../lib/toast-store";
import { useStoredPlace } from "../../lib/use-location-label";
import { useUpdateMe } from "../../lib/use-me";

/** What the server's answers depend on the gardener's place for: fetched again after a move. */
const PLACE_QUERIES = [["climate"], ["planting"], ["insights"], ["weather"]];

/** A US ZIP code the place carries, which the zone line and the chat's context use. */
const zipOf = (place: Place) =>
  place.countryCode === "US" && /^\d{5}$/.test(place.postcode ?? "")
    ? (place.postcode ?? null)
    : null;

/**
 * Settings → Preferences: display name, temperature unit and the garden's place (a town or
 * postcode found and confirmed with the same picker as onboarding), saved together; and the
 * theme, saved in this browser at once. A place the server refuses is said under its field.
 */
export function PreferencesCard({ me }: { me: Me }) {
  const update = useUpdateMe();
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(me.displayName ?? "");
  const [units, setUnits] = useState<Units>(me.units);
  const nameError = displayName.trim() ? undefined : "Enter a display name.";
  const place = usePlaceChoice(me);

  useEffect(() => {
    setDisplayName(me.displayName ?? "");
    setUnits(me.units);
  }, [me.displayName, me.units]);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (place.edited && !place.chosen) {
      place.setError("Choose your town from the places found, or search again.");
      return;
    }
    const moved = place.edited && place.chosen && !samePlace(place.chosen, me.place);
    const newPlace = moved ? place.chosen : null;
    try {
      await update.mutateAsync({
        displayName: displayName.trim(),
        units,
        ...(newPlace ? { place: newPlace } : {}),
      });
      storage.setUnits(units);
      if (newPlace) {
        // This browser's copies follow the new place: the nav's label, the ZIP the chat uses.
        storage.setLocation(placeTitle(newPlace));
        setString("zip", zipOf(newPlace));
        for (const queryKey of PLACE_QUERIES) void queryClient.invalidateQueries({ queryKey });
      }
      toast({ title: "Preferences saved", variant: "success" });
    } catch (error) {
      if (newPlace && error instanceof HttpError && error.status >= 400 && error.status < 500) {
        // Refused, not lost: say why by the field it is about.
        place.setError(error.serverMessage ?? "That place could not be saved. Choose another.");
        return;
      }
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
        <PlacePicker
          key={place.savedKey}
          initial={place.savedTitle}
          chosen={place.chosen}
          onChoose={place.choose}
          error={place.error}
          idleHint={place.idleHint}
          searchInitial={false}
          onEdit={place.markEdited}
        />
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

/**
 * The place field's state: the saved place (or, on older profiles, the location text or the ZIP's
 * town) until the gardener searches, then the place they chose from what was found.
 */
function usePlaceChoice(me: Me) {
  const stored = useStoredPlace();
  const [chosen, setChosen] = useState<Place | null>(me.place);
  const [edited, setEdited] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = useCallback((next: Place | null) => {
    setChosen(next);
    setError(null);
  }, []);
  const markEdited = useCallback(() => setEdited(true), []);

  // A save (here or on another device) is the new starting point.
  useEffect(() => {
    setChosen(me.place);
    setEdited(false);
  }, [me.place]);

  const savedTitle = me.place ? placeTitle(me.place) : (stored ?? "");
  return {
    chosen,
    edited,
    error,
    setError,
    choose,
    markEdited,
    savedKey: me.place ? `${me.place.latitude},${me.place.longitude}` : "none",
    savedTitle,
    // No place yet: the picker's own examples.
    idleHint: !savedTitle
      ? undefined
      : !me.place && me.zone
        ? `USDA zone ${me.zone} (${me.tempRange} °F)${me.zip ? ` for ZIP ${me.zip}` : ""}`
        : "Used for your weather, frost dates and planting advice.",
  };
}
