import { ChevronDown } from "lucide-react";
import type { SuggestionBody } from "../../../core/schemas/weather";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert, Skeleton } from "../../components/ui/misc";
import { formatTemperature } from "../../lib/format";
import { type Place, usePlanting } from "./api";
import { useUnits } from "./use-units";

const methodLabels: Record<SuggestionBody["method"], string> = {
  direct: "Direct sow",
  transplant: "Transplant",
  "start-indoors": "Start indoors",
};

const monthDay = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
const frostDate = (mmdd: string) => monthDay.format(new Date(`2001-${mmdd}T00:00:00Z`));

export function PlantingCard({ place }: { place: Place }) {
  const units = useUnits();
  const planting = usePlanting(place);
  const p = planting.data;
  return (
    <Card aria-labelledby="planting-title">
      <CardTitle>
        <span id="planting-title">What to Plant Now</span>
      </CardTitle>
      {planting.isError ? (
        <Alert tone="error">
          Planting suggestions could not be loaded. Try Update on the weather card.
        </Alert>
      ) : !p && planting.fetchStatus === "paused" ? (
        <Alert tone="info">No network. Planting suggestions load when you are back online.</Alert>
      ) : !p ? (
        <Skeleton className="h-40" />
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
                className="rounded-full bg-leaf-100 px-3 py-1 text-sm font-semibold text-leaf-fg"
              >
                {chip}
              </li>
            ))}
          </ul>
          <ul className="mb-4 flex list-disc flex-col gap-1 pl-5 text-stone-900">
            {p.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="flex flex-col gap-2">
            <Group title="Vegetables" items={p.vegetables} />
            <Group title="Herbs" items={p.herbs} />
            <Group title="Flowers" items={p.flowers} />
          </div>
          {p.frost?.lastSpring && p.frost.firstFall && (
            <p className="mt-4 text-sm text-stone-700">
              Median last spring frost {frostDate(p.frost.lastSpring)}, first fall frost{" "}
              {frostDate(p.frost.firstFall)} (NOAA station {p.frost.station},{" "}
              {Math.round(p.frost.distanceKm)} km away).
            </p>
          )}
        </>
      )}
    </Card>
  );
}

function Group({ title, items }: { title: string; items: SuggestionBody[] }) {
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
        {items.map((item) => (
          <li key={item.name}>
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
}
