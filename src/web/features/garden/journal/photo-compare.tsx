import { useState } from "react";
import type { JournalEntry } from "../../../../core/schemas/journal";
import { Field, Select } from "../../../components/ui/field";
import { cn } from "../../../lib/cn";
import { formatDay } from "../../../lib/format";

interface DatedPhoto {
  id: string;
  url: string;
  date: string;
  label: string;
}

/** Every journal photo, oldest day first, each named by its day (and number, when a day has several). */
export function datedPhotos(entries: readonly JournalEntry[]): DatedPhoto[] {
  const photos = [...entries]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .flatMap((entry) => entry.photos.map((photo) => ({ ...photo, date: entry.date })));
  return photos.map((photo) => {
    const sameDay = photos.filter((p) => p.date === photo.date);
    const number = sameDay.length > 1 ? ` · photo ${sameDay.indexOf(photo) + 1}` : "";
    return {
      id: photo.id,
      url: photo.url,
      date: photo.date,
      label: `${formatDay(photo.date)}${number}`,
    };
  });
}

/**
 * The plant's photos, any two side by side (or one over the other with a slider): the gardener
 * picks the dates. Shown once the journal has two photos.
 */
export function PhotoCompare({ entries }: { entries: readonly JournalEntry[] }) {
  const photos = datedPhotos(entries);
  const [beforeId, setBeforeId] = useState<string | null>(null);
  const [afterId, setAfterId] = useState<string | null>(null);
  const [mode, setMode] = useState<"side" | "slider">("side");
  const [split, setSplit] = useState(50);
  if (photos.length < 2) return null;
  const before = photos.find((p) => p.id === beforeId) ?? photos[0];
  const after = photos.find((p) => p.id === afterId) ?? photos[photos.length - 1];
  if (!before || !after) return null;

  return (
    <section aria-labelledby="compare-title" className="flex flex-col gap-3">
      <h3 id="compare-title" className="font-semibold text-stone-900">
        Compare photos
      </h3>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
        <Field label="Before">
          {(props) => (
            <Select {...props} value={before.id} onChange={(e) => setBeforeId(e.target.value)}>
              {photos.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="After">
          {(props) => (
            <Select {...props} value={after.id} onChange={(e) => setAfterId(e.target.value)}>
              {photos.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <fieldset className="flex gap-2">
        <legend className="sr-only">How to compare</legend>
        {(["side", "slider"] as const).map((value) => (
          <label
            key={value}
            className={cn(
              "flex min-h-11 cursor-pointer items-center rounded-full border px-3 text-sm font-semibold has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-leaf-fg",
              mode === value
                ? "border-leaf-500 bg-leaf-100 text-leaf-fg"
                : "border-stone-300 bg-surface text-stone-900",
            )}
          >
            <input
              type="radio"
              name="compare-mode"
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="sr-only"
            />
            {value === "side" ? "Side by side" : "Slider"}
          </label>
        ))}
      </fieldset>
      {mode === "side" ? (
        <div className="grid grid-cols-2 gap-3" data-testid="compare-side">
          <Figure photo={before} caption="Before" />
          <Figure photo={after} caption="After" />
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-stone-100">
            <img
              src={before.url}
              alt={`Before: ${before.label}`}
              className="absolute inset-0 size-full object-cover"
            />
            <img
              src={after.url}
              alt={`After: ${after.label}`}
              className="absolute inset-0 size-full object-cover"
              style={{ clipPath: `inset(0 0 0 ${split}%)` }}
            />
            <div
              aria-hidden
              className="absolute inset-y-0 w-0.5 bg-white shadow"
              style={{ left: `${split}%` }}
            />
          </div>
          <label className="flex items-center gap-3 text-sm text-stone-700">
            <span>{before.label}</span>
            <input
              type="range"
              min={0}
              max={100}
              value={split}
              aria-label="Before and after split"
              onChange={(e) => setSplit(Number(e.target.value))}
              className="min-h-11 flex-1 accent-leaf-500"
            />
            <span>{after.label}</span>
          </label>
        </div>
      )}
    </section>
  );
}

function Figure({ photo, caption }: { photo: DatedPhoto; caption: string }) {
  return (
    <figure className="flex flex-col gap-1">
      <img
        src={photo.url}
        alt={`${caption}: ${photo.label}`}
        className="aspect-[4/3] w-full rounded-xl bg-stone-100 object-cover"
      />
      <figcaption className="text-sm text-stone-700">
        <span className="font-semibold text-stone-900">{caption}</span> · {photo.label}
      </figcaption>
    </figure>
  );
}
