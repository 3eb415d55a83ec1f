import { ChevronDown } from "lucide-react";
import { memo, useDeferredValue, useState } from "react";
import { Link } from "react-router";
import type { Frost, SuggestionBody } from "../../../core/schemas/weather";
import { frostOutlook } from "../../../core/weather/frost";
import { focusRing } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert, FailedLoad, Skeleton } from "../../components/ui/misc";
import { KeepRoom } from "../../components/ui/steady";
import { cn } from "../../lib/cn";
import { dateFormat, formatTemperature } from "../../lib/format";
import { type Place, usePlanting } from "../../lib/weather-api";
import { useUnits } from "./use-units";

const methodLabels: Record<SuggestionBody["method"], string> = {
  direct: "Direct sow",
  transplant: "Transplant",
  "start-indoors": "Start indoors",
};

const monthDay = dateFormat({ month: "short", day: "numeric", timeZone: "UTC" });
const frostDate = (mmdd: string) => monthDay(new Date(`2001-${mmdd}T00:00:00Z`));

export function PlantingCard({ place }: { place: Place }) {
  const units = useUnits();
  // Deferred, so the lists render in slices that leave a phone free to answer taps (issue 27).
  const planting = useDeferredValue(usePlanting(place));
  const p = planting.data;
  return (
    <Card aria-labelledby="planting-title">
      <CardTitle>
        <span id="planting-title">What to Plant Now</span>
      </CardTitle>
      {/* The skeleton is the size of the suggestions, and a failure or the offline notice keeps
          its room, so the cards below stay put (issue 27). */}
      {planting.isError ? (
        <KeepRoom placeholder={<PlantingSkeleton />}>
          <PlantingError
            error={planting.error}
            onRetry={() => void planting.refetch()}
            retrying={planting.isFetching}
          />
        </KeepRoom>
      ) : !p && planting.fetchStatus === "paused" ? (
        <KeepRoom placeholder={<PlantingSkeleton />}>
          <Alert tone="info">No network. Planting suggestions load when you are back online.</Alert>
        </KeepRoom>
      ) : !p ? (
        <PlantingSkeleton />
      ) : (
        <>
          <ul className="mb-3 flex flex-wrap gap-2" aria-label="Conditions">
            {[
              p.location,
              p.season,
              p.averageFrom === "forecast"
                ? `Avg ${formatTemperature(p.averageC, units)}`
                : "No live forecast",
            ].map((chip) => (
              <li
                key={chip}
                className="max-w-full rounded-full bg-leaf-100 px-3 py-1 text-sm font-semibold break-words text-leaf-fg"
              >
                {chip}
              </li>
            ))}
          </ul>
          <Summary lines={p.summary} />
          <div className="flex flex-col gap-2">
            <Group title="Vegetables" items={p.vegetables} />
            <Group title="Herbs" items={p.herbs} />
            <Group title="Flowers" items={p.flowers} />
          </div>
          {p.frost && <FrostLine frost={p.frost} />}
        </>
      )}
      <Link
        to="/planting-calendar"
        className={cn(
          "mt-2 -ml-1 inline-flex min-h-11 items-center rounded-xl px-1 font-semibold text-leaf-fg",
          focusRing,
        )}
      >
        Planting calendar
      </Link>
    </Card>
  );
}

/**
 * The suggestions as they load on a phone: the three chips (on two lines where they do not fit
 * on one), a summary line of three lines (two on wider screens) with its "More", and the three
 * folded groups.
 */
function PlantingSkeleton() {
  return (
    <div>
      <div className="mb-3 flex flex-wrap gap-2">
        <Skeleton className="h-7 w-40" />
        <Skeleton className="h-7 w-20" />
        <Skeleton className="h-7 w-28" />
      </div>
      <div className="mb-4 flex flex-col">
        <Skeleton className="h-[72px] sm:h-12" />
        <Skeleton className="my-2.5 h-6 w-14" />
      </div>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-[46px]" />
        <Skeleton className="h-[46px]" />
        <Skeleton className="h-[46px]" />
      </div>
    </div>
  );
}

/** The first line of the summary; the rest behind "More", so the card stays short on a phone. */
function Summary({ lines }: { lines: string[] }) {
  const [open, setOpen] = useState(false);
  const shown = open ? lines : lines.slice(0, 1);
  return (
    <div className="mb-4">
      <ul id="planting-summary" className="flex list-disc flex-col gap-1 pl-5 text-stone-900">
        {shown.map((line) => (
          <li key={line} className="break-words">
            {line}
          </li>
        ))}
      </ul>
      {lines.length > 1 && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls="planting-summary"
          onClick={() => setOpen(!open)}
          className={cn(
            "-ml-1 inline-flex min-h-11 items-center rounded-xl px-1 font-semibold text-leaf-fg",
            focusRing,
          )}
        >
          {open ? "Less" : "More"}
        </button>
      )}
    </div>
  );
}

function FrostLine({ frost }: { frost: Frost }) {
  const outlook = frostOutlook(frost.lastSpring, frost.firstFall);
  if (!outlook) return null;
  const station = `NOAA station ${frost.station}, ${Math.round(frost.distanceKm)} km away`;
  return (
    <p className="mt-4 text-sm break-words text-stone-700">
      {outlook.kind === "rare"
        ? `Frost is rare here: in a typical year it freezes only between ${frostDate(outlook.from)} and ${frostDate(outlook.to)} (${station}).`
        : `Median last spring frost ${frostDate(outlook.lastSpring)}, first fall frost ${frostDate(outlook.firstFall)} (${station}).`}
    </p>
  );
}

function PlantingError({
  error,
  onRetry,
  retrying,
}: {
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <FailedLoad
      error={error}
      words={{ notFound: "Place not found", fallback: "Planting suggestions could not be loaded" }}
      // The weather card above has just said why in full.
      notFoundDetail="Change the place in Weather & Season."
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

// Memoised: a list whose suggestions are unchanged skips its render when the card draws again.
const Group = memo(function Group({ title, items }: { title: string; items: SuggestionBody[] }) {
  return (
    <details className="group rounded-xl border border-stone-300">
      <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between px-4 font-semibold text-stone-900 focus-visible:outline-2 focus-visible:outline-leaf-fg">
        {title} ({items.length})
        <ChevronDown
          size={20}
          aria-hidden
          className="transition-transform group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <ul className="flex flex-col gap-3 px-4 pb-4">
        {items.length === 0 && (
          <li className="text-sm text-stone-700">
            Nothing to sow or plant out now or in the next four weeks.
          </li>
        )}
        {items.map((item) => (
          <li key={item.name} className="break-words">
            <p className="font-semibold text-stone-900">
              {item.name}{" "}
              <span className="ml-1 rounded-full bg-stone-100 px-2 py-0.5 text-sm font-normal text-stone-700">
                {methodLabels[item.method]}
              </span>
            </p>
            <p className="text-sm text-stone-700">{item.notes}</p>
          </li>
        ))}
      </ul>
    </details>
  );
});
