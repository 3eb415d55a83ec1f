import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useState } from "react";
import { foldText, MAX_RESULTS, MIN_QUERY_LENGTH } from "../../../core/catalogue-search";
import type { CropSummary, suggestionListValues } from "../../../core/schemas/catalogue";
import { api } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { useConnectivity } from "../../lib/connectivity";
import { Input } from "../ui/field";

/** Spec §9 Autocomplete: after 280 ms (the 2-character minimum and 10 matches come from core). */
export const DEBOUNCE_MS = 280;

export interface CropChoice {
  name: string;
  /** Null for a custom plant (not in the catalogue). */
  slug: string | null;
}

type Source = "catalogue" | "fallback" | "failed" | "offline";
type SuggestionList = (typeof suggestionListValues)[number];

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The built-in suggestions (spec §9: 22 for Add Plant, 32 for Grow Along), filtered here: the
 * fallback when the search itself fails.
 */
function useSuggestions(list: SuggestionList) {
  return useQuery({
    queryKey: ["catalogue", "suggestions", list],
    queryFn: async () =>
      (await api.get<{ crops: CropSummary[] }>(`/api/catalogue/suggestions?for=${list}`)).crops,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function useCropSearch(query: string, offline: boolean, fallback: CropSummary[] | undefined) {
  return useQuery({
    queryKey: ["catalogue", "search", query, offline],
    enabled: query.length >= MIN_QUERY_LENGTH,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<{ crops: CropSummary[]; source: Source }> => {
      const filtered = () =>
        (fallback ?? [])
          .filter((c) => foldText(c.name).includes(foldText(query)))
          .slice(0, MAX_RESULTS);
      if (offline) return { crops: filtered(), source: "offline" };
      try {
        const { crops } = await api.get<{ crops: CropSummary[] }>(
          `/api/catalogue/crops?q=${encodeURIComponent(query)}&limit=${MAX_RESULTS}`,
        );
        return { crops, source: "catalogue" };
      } catch {
        return fallback
          ? { crops: filtered(), source: "fallback" }
          : { crops: [], source: "failed" };
      }
    },
  });
}

const notices: Record<Exclude<Source, "catalogue">, string> = {
  offline: "Offline — suggestions limited. You can still add a custom plant.",
  fallback: "Suggestions limited",
  failed: "Suggestions limited. You can still add a custom plant.",
};

export function CropAutocomplete({
  id,
  value,
  onChange,
  describedBy,
  list = "add-plant",
  note,
}: {
  id: string;
  value: CropChoice | null;
  onChange: (choice: CropChoice | null) => void;
  describedBy?: string | undefined;
  /**
   * Which built-in suggestions: Add Plant shows them as chips under an empty field; Grow Along
   * lists them in the dropdown while the field is empty and focused.
   */
  list?: SuggestionList;
  /** Replaces the "Custom plant" / "From the crop catalogue" line under a chosen plant. */
  note?: (custom: boolean) => ReactNode;
}) {
  const { offline } = useConnectivity();
  const [text, setText] = useState(value?.name ?? "");
  const [open, setOpen] = useState(false);
  // -1 until the arrow keys pick an option: Enter then takes the typed text, not the first match.
  const [active, setActive] = useState(-1);
  const listId = useId();
  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  const suggestions = useSuggestions(list);
  const search = useCropSearch(query, offline, suggestions.data);
  const suggesting = list === "grow-along" && !text.trim() && !!suggestions.data?.length;
  const crops = suggesting
    ? (suggestions.data ?? [])
    : query.length >= MIN_QUERY_LENGTH
      ? (search.data?.crops ?? [])
      : [];
  const source = search.data?.source;
  const known = [...crops, ...(suggestions.data ?? [])];
  const exact = known.some((c) => foldText(c.name) === foldText(text.trim()));
  const options: CropChoice[] = [
    ...crops.map((c) => ({ name: c.name, slug: c.slug })),
    ...(text.trim().length >= MIN_QUERY_LENGTH && !exact
      ? [{ name: text.trim(), slug: null }]
      : []),
  ];
  const showList = open && (suggesting || (query.length >= MIN_QUERY_LENGTH && !search.isPending));

  function choose(choice: CropChoice) {
    setText(choice.name);
    onChange(choice);
    setOpen(false);
  }

  /** Spec §5 Add Plant: typed text not in the list is a custom plant (a catalogue name is that crop). */
  function typed(value: string): CropChoice | null {
    const name = value.trim();
    if (!name) return null;
    const crop = known.find((c) => foldText(c.name) === foldText(name));
    return crop ? { name: crop.name, slug: crop.slug } : { name, slug: null };
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (!showList || options.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => (i + 1) % options.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i <= 0 ? options.length - 1 : i - 1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const option = options[active] ?? typed(text);
      if (option) choose(option);
    } else if (event.key === "Escape") {
      setOpen(false);
    }
  }

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-describedby={describedBy}
        aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder="Start typing, e.g. tomato"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
          onChange(typed(e.target.value));
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={onKeyDown}
      />
      {value &&
        (note ? (
          note(!(value.slug || exact))
        ) : (
          <p className="mt-1 text-sm text-stone-700">
            {value.slug || exact ? "From the crop catalogue" : "Custom plant"}
          </p>
        ))}
      {source && source !== "catalogue" && query.length >= MIN_QUERY_LENGTH && (
        <p className="mt-1 text-sm text-soil-fg" role="status">
          {notices[source]}
        </p>
      )}
      {showList && (
        <div
          id={listId}
          role="listbox"
          aria-label={suggesting ? "Popular plants" : "Matching plants"}
          className="absolute z-10 mt-1 max-h-72 w-full overflow-y-auto rounded-xl border border-stone-300 bg-surface py-1 shadow-md"
        >
          {crops.length === 0 && <p className="px-3 py-2 text-stone-700">No matches</p>}
          {options.map((option, i) => (
            // ARIA 1.2 combobox: focus stays in the input (aria-activedescendant) and the arrow
            // keys there move through the options, so options are neither focusable nor keyed.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox input
            // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox input
            <div
              key={`${option.slug ?? "custom"}-${option.name}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              className={cn(
                "cursor-pointer px-3 py-2",
                i === active ? "bg-leaf-100 text-leaf-fg" : "text-stone-900",
              )}
            >
              {option.slug ? option.name : `+ Add custom plant "${option.name}"`}
            </div>
          ))}
        </div>
      )}
      {list === "add-plant" && !text && suggestions.data && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Popular plants">
          {suggestions.data.slice(0, 22).map((crop) => (
            <li key={crop.slug}>
              <button
                type="button"
                onClick={() => choose({ name: crop.name, slug: crop.slug })}
                className="min-h-9 rounded-full border border-stone-300 px-3 text-sm text-stone-900 hover:bg-leaf-100 focus-visible:outline-2 focus-visible:outline-leaf-fg"
              >
                {crop.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
