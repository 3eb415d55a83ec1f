import { useQuery } from "@tanstack/react-query";
import { Check } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { placeTitle } from "../../core/place-title";
import type { ZipZone } from "../../core/schemas/me";
import type { Place } from "../../core/schemas/place";
import { api } from "../lib/api-client";
import { cn } from "../lib/cn";
import { Field, Input } from "./ui/field";

/** How long typing must pause before the places are looked up. */
const SEARCH_AFTER_MS = 300;
/** At most this many places to choose from. */
const SHOWN = 5;
const EXAMPLES = "For example Bengaluru, Melbourne or 94110.";

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

/** The same place: /api/places may name it again with other fields, never at another point. */
export const samePlace = (a: Place | null | undefined, b: Place | null | undefined) =>
  !!a && !!b && a.name === b.name && a.latitude === b.latitude && a.longitude === b.longitude;

/**
 * "Town or postcode" (issue 23), for onboarding and Settings: the gardener types, sees the places
 * found and confirms one ("Bengaluru, Karnataka, India"); one place found is chosen at once. A
 * place that cannot be found, or that a save refused (`error`), is said under the field.
 * `searchInitial` false leaves the starting text (the saved place) unsearched until it is edited.
 */
export function PlacePicker({
  initial,
  chosen,
  onChoose,
  error,
  idleHint = EXAMPLES,
  searchInitial = true,
  onEdit,
}: {
  initial: string;
  chosen: Place | null;
  onChoose: (place: Place | null) => void;
  error: string | null;
  idleHint?: ReactNode;
  searchInitial?: boolean;
  /** Called when the gardener first changes a starting text that was not searched. */
  onEdit?: () => void;
}) {
  const [text, setText] = useState(initial);
  const [edited, setEdited] = useState(searchInitial);
  const settled = useDebounced(text, SEARCH_AFTER_MS);
  const places = usePlaces(edited ? settled : "");
  const found = useMemo(() => (places.data?.places ?? []).slice(0, SHOWN), [places.data]);
  const zone = useZone(chosen?.countryCode === "US" ? chosen.postcode : null);

  // The saved place can arrive after the first paint (a ZIP's town is looked up).
  useEffect(() => {
    if (!edited) setText(initial);
  }, [initial, edited]);

  const searching = edited && text.trim().length >= 2 && (text !== settled || places.isFetching);
  const nothing =
    edited && !searching && settled.trim().length >= 2 && places.isSuccess && found.length === 0;

  // One place found is the place; a new search forgets a choice it no longer lists.
  useEffect(() => {
    if (found.length === 1 && found[0] && !samePlace(chosen, found[0])) onChoose(found[0]);
    else if (chosen && nothing) onChoose(null);
    else if (chosen && found.length > 1 && !found.some((p) => samePlace(chosen, p))) onChoose(null);
  }, [found, nothing, chosen, onChoose]);
  const hint = searching
    ? "Looking…"
    : zone.data
      ? `USDA zone ${zone.data.zone} (${zone.data.trange} °F)${zone.data.map === "2012" ? ", 2012 map" : ""}`
      : edited
        ? EXAMPLES
        : idleHint;
  const problem =
    error ??
    (nothing
      ? `No place called “${settled.trim()}” found. Check the spelling, or try a larger town nearby.`
      : places.isError
        ? "Places could not be looked up just now. Please try again in a moment."
        : undefined);

  return (
    <>
      <Field label="Town or postcode" hint={hint} error={problem}>
        {(props) => (
          <Input
            {...props}
            autoComplete="address-level2"
            maxLength={120}
            value={text}
            onChange={(e) => {
              if (!edited) onEdit?.();
              setEdited(true);
              setText(e.target.value);
            }}
          />
        )}
      </Field>
      {found.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-semibold text-stone-700">
            {found.length === 1 ? "Place found" : "Which one?"}
          </legend>
          {found.map((place) => {
            const selected = samePlace(chosen, place);
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
                  {placeTitle(place)}
                  {place.postcode ? ` ${place.postcode}` : ""}
                </span>
                {selected && <Check size={20} aria-hidden className="shrink-0" />}
              </label>
            );
          })}
        </fieldset>
      )}
    </>
  );
}
