import { useQuery } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { placeTitle } from "../../../core/place-title";
import type { ZipZone } from "../../../core/schemas/me";
import type { Place } from "../../../core/schemas/place";
import { Button } from "../../components/ui/button";
import { Field, Input } from "../../components/ui/field";
import { api } from "../../lib/api-client";
import { cn } from "../../lib/cn";

/** How long typing must pause before the places are looked up. */
const SEARCH_AFTER_MS = 300;
/** At most this many places to choose from. */
const SHOWN = 5;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function usePlaces(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: ["places", q],
    queryFn: () => api.get<{ places: Place[] }>(`/api/places?q=${encodeURIComponent(q)}`),
    enabled: q.length >= 2,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

function useZone(postcode: string | null | undefined) {
  const zip = postcode && /^\d{5}$/.test(postcode) ? postcode : null;
  return useQuery({
    queryKey: ["zone", zip],
    queryFn: () => api.get<ZipZone>(`/api/zones/${zip}`),
    enabled: zip !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

const same = (a: Place | null, b: Place) =>
  a !== null && a.name === b.name && a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * Onboarding step 1 (issue 23): a town or postcode anywhere. The gardener types, sees the places
 * found and confirms one ("Bengaluru, Karnataka, India"); Next waits for a place. A place that
 * cannot be found, or that the save refused (`error`), is said here, on the step.
 */
export function PlaceStep({
  initial,
  chosen,
  onChoose,
  onNext,
  error,
}: {
  initial: string;
  chosen: Place | null;
  onChoose: (place: Place | null) => void;
  onNext: () => void;
  error: string | null;
}) {
  const [text, setText] = useState(initial);
  const settled = useDebounced(text, SEARCH_AFTER_MS);
  const places = usePlaces(settled);
  const found = useMemo(() => (places.data?.places ?? []).slice(0, SHOWN), [places.data]);
  const zone = useZone(chosen?.countryCode === "US" ? chosen.postcode : null);

  // One place found is the place; a new search forgets a choice it no longer lists.
  useEffect(() => {
    if (found.length === 1 && found[0] && !same(chosen, found[0])) onChoose(found[0]);
    else if (chosen && found.length > 1 && !found.some((p) => same(chosen, p))) onChoose(null);
  }, [found, chosen, onChoose]);

  const searching = text.trim().length >= 2 && (text !== settled || places.isFetching);
  const nothing =
    !searching && settled.trim().length >= 2 && places.isSuccess && found.length === 0;
  const hint = searching
    ? "Looking…"
    : zone.data
      ? `USDA zone ${zone.data.zone} (${zone.data.trange} °F)${zone.data.map === "2012" ? ", 2012 map" : ""}`
      : "For example Bengaluru, Melbourne or 94110.";
  const problem =
    error ??
    (nothing
      ? `No place called “${settled.trim()}” found. Check the spelling, or try a larger town nearby.`
      : places.isError
        ? "Places could not be looked up just now. Please try again in a moment."
        : undefined);

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) onNext();
      }}
      className="flex flex-col gap-4"
    >
      <h1 className="text-[28px] font-semibold text-stone-900">Where do you garden?</h1>
      <p className="text-stone-700">
        Your town or postcode tells Tendril your climate and frost dates, so advice fits your
        seasons.
      </p>
      <Field label="Town or postcode" hint={hint} error={problem}>
        {(props) => (
          <Input
            {...props}
            autoComplete="address-level2"
            maxLength={120}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
      {found.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-stone-700">
            {found.length === 1 ? "Place found" : "Which one?"}
          </legend>
          {found.map((place) => {
            const selected = same(chosen, place);
            const title = placeTitle(place);
            return (
              <label
                key={`${place.name}-${place.latitude}-${place.longitude}`}
                className={cn(
                  "flex min-h-12 w-full cursor-pointer items-center justify-between gap-2 rounded-xl border px-4 py-2 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-leaf-fg",
                  selected
                    ? "border-leaf-fg bg-leaf-100 text-leaf-fg"
                    : "border-stone-300 bg-surface text-stone-900 hover:bg-stone-100",
                )}
              >
                <input
                  type="radio"
                  name="place"
                  checked={selected}
                  onChange={() => onChoose(place)}
                  className="sr-only"
                />
                <span className="break-words">
                  {title}
                  {place.postcode ? ` ${place.postcode}` : ""}
                </span>
                {selected && <Check size={20} aria-hidden className="shrink-0" />}
              </label>
            );
          })}
        </fieldset>
      )}
      <Button type="submit" disabled={!chosen}>
        Next
      </Button>
    </form>
  );
}
