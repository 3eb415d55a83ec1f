import { ChevronDown, Droplets, LocateFixed, Wind } from "lucide-react";
import { useEffect, useState } from "react";
import type { ForecastDay } from "../../../core/schemas/weather";
import { formatWindSpeed } from "../../../core/weather/wind";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Dialog } from "../../components/ui/dialog";
import { Input } from "../../components/ui/field";
import { FailedLoad, LoadError } from "../../components/ui/misc";
import { KeepRoom, StableLabel } from "../../components/ui/steady";
import { cn } from "../../lib/cn";
import {
  formatTemperature,
  fullDate,
  otherTemperature,
  shortTemperature,
  shortWeekday,
} from "../../lib/format";
import { storage } from "../../lib/storage";
import {
  NO_NETWORK,
  type Place,
  useInsights,
  useWeather,
  WEATHER_FAILED,
} from "../../lib/weather-api";
import { useUnits } from "./use-units";
import { CurrentSkeleton, InsightsSkeleton } from "./weather-skeletons";

const UPDATE_LABELS = ["Update", "Loading…"] as const;

/** Spec §9: the weather card's GPS request gives up after 7 s. */
export const GEOLOCATION_TIMEOUT_MS = 7000;

export function WeatherCard({
  place,
  onPlaceChange,
}: {
  place: Place;
  onPlaceChange: (place: Place) => void;
}) {
  const units = useUnits();
  const weather = useWeather(place);
  const insights = useInsights(place);
  const [draft, setDraft] = useState(place.location);
  const [locating, setLocating] = useState(false);
  const [openDay, setOpenDay] = useState<ForecastDay | null>(null);
  const hasGps = typeof navigator !== "undefined" && "geolocation" in navigator;

  useEffect(() => setDraft(place.location), [place.location]);

  function update(event?: React.FormEvent) {
    event?.preventDefault();
    const location = draft.trim() || "San Francisco";
    storage.setLocation(location);
    if (location === place.location && place.lat === undefined) {
      void weather.refetch();
      void insights.refetch();
    } else onPlaceChange({ location });
  }

  function locate() {
    if (!hasGps) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onPlaceChange({
          location: draft.trim() || "My location",
          lat: Number(position.coords.latitude.toFixed(4)),
          lon: Number(position.coords.longitude.toFixed(4)),
        });
      },
      () => {
        // Spec §4: when GPS fails, refresh by the typed location instead.
        setLocating(false);
        update();
      },
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS },
    );
  }

  const w = weather.data;
  // The forecast and advice wait for the weather: until it is in, whether they show at all (a
  // failed weather hides "Watering: Unavailable") is not known, so their skeleton holds the room.
  const data = w || weather.isError ? insights.data : undefined;
  const retry = () => {
    void weather.refetch();
    void insights.refetch();
  };
  return (
    <Card aria-labelledby="weather-title">
      <CardTitle>
        <span id="weather-title">Weather & Season</span>
      </CardTitle>
      <form onSubmit={update} className="mb-4 flex flex-wrap gap-2">
        <label htmlFor="weather-location" className="sr-only">
          City or ZIP
        </label>
        {/* 7rem before it wraps: with Update as wide as "Loading…", the row still fits a phone
            375 px wide. */}
        <Input
          id="weather-location"
          className="min-w-0 flex-1 basis-28"
          placeholder="City or ZIP"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        {hasGps && (
          <Button
            variant="secondary"
            onClick={locate}
            disabled={locating}
            aria-label={locating ? "Locating…" : "Use my location (GPS)"}
          >
            <LocateFixed size={20} aria-hidden />
            {/* Phones show the icon alone, and the busy label while locating (spec §2). */}
            <span className={locating ? undefined : "hidden sm:inline"}>
              {locating ? "Locating…" : "GPS"}
            </span>
          </Button>
        )}
        <Button type="submit" disabled={weather.isFetching}>
          <StableLabel
            current={weather.isFetching ? "Loading…" : "Update"}
            labels={UPDATE_LABELS}
          />
        </Button>
      </form>

      {/* Each part holds the room of what it will show while it loads, and a failure keeps the
          room of the whole, so the cards below stay put (issue 27). */}
      {weather.isError ? (
        <KeepRoom
          placeholder={
            <>
              <CurrentSkeleton />
              <InsightsSkeleton />
            </>
          }
        >
          <WeatherError error={weather.error} onRetry={retry} retrying={weather.isFetching} />
        </KeepRoom>
      ) : !w ? (
        <CurrentSkeleton />
      ) : (
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <p className="font-semibold break-words text-stone-900">{w.location}</p>
            <p className="text-sm text-stone-700">{w.season}</p>
            <p className="mt-2 flex items-baseline gap-2">
              <span className="text-[36px] font-semibold text-stone-900 tabular-nums">
                {formatTemperature(w.temperature, units)}
              </span>
              <span className="text-stone-700 tabular-nums">
                {otherTemperature(w.temperature, units)}
              </span>
            </p>
            <p className="text-stone-900">{w.conditions}</p>
          </div>
          <dl className="flex gap-4 text-sm text-stone-700">
            <div className="flex items-center gap-1">
              <Wind size={18} aria-hidden className="text-sky-500" />
              <dt className="sr-only">Wind</dt>
              <dd className="tabular-nums">{formatWindSpeed(w.windSpeed, units)}</dd>
            </div>
            <div className="flex items-center gap-1">
              <Droplets size={18} aria-hidden className="text-sky-500" />
              <dt className="sr-only">Humidity</dt>
              <dd className="tabular-nums">{Math.round(w.humidity)}%</dd>
            </div>
          </dl>
        </div>
      )}

      {!data && !weather.isError && <InsightsSkeleton />}

      {data && data.forecast.length > 0 && (
        <ul aria-label="7-day forecast" className="mt-4 grid grid-cols-7 gap-1">
          {data.forecast.map((day) => (
            <li key={day.date}>
              <button
                type="button"
                onClick={() => setOpenDay(day)}
                className="flex w-full flex-col items-center rounded-xl px-0.5 py-2 text-sm whitespace-nowrap hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-leaf-fg sm:px-1"
                aria-label={`${fullDate(day.date)}: ${day.conditions}, high ${formatTemperature(day.temperature.max, units)}, low ${formatTemperature(day.temperature.min, units)}`}
              >
                <span className="font-semibold text-stone-900">{shortWeekday(day.date)}</span>
                <span className="tabular-nums text-stone-900">
                  {shortTemperature(day.temperature.max, units)}
                </span>
                <span className="tabular-nums text-stone-700">
                  {shortTemperature(day.temperature.min, units)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}

      {/* With the weather failed, "Watering: Unavailable" under the error would only repeat it. */}
      {data && !weather.isError && (
        <div className="mt-4 flex flex-col gap-2 text-stone-900">
          <p className={cn("flex items-start gap-2", "unavailable" in data && "text-stone-700")}>
            <Droplets size={18} aria-hidden className="mt-0.5 shrink-0 text-sky-500" />
            <span className="min-w-0 break-words">
              <span className="font-semibold">Watering: </span>
              {data.wateringAdvice}
            </span>
          </p>
          {data.alerts.map((alert) => (
            <p key={alert.kind} className="flex items-start gap-2">
              <span aria-hidden>⚠️</span>
              <span className="min-w-0 break-words">{alert.message}</span>
            </p>
          ))}
          {/* What to Plant Now, just below, says most of this again: folded away here. */}
          {data.plantingAdvice.length > 0 && (
            <details className="group">
              <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-xl font-semibold text-leaf-fg focus-visible:outline-2 focus-visible:outline-leaf-fg">
                Planting advice ({data.plantingAdvice.length})
                <ChevronDown
                  size={20}
                  aria-hidden
                  className="transition-transform group-open:rotate-180 motion-reduce:transition-none"
                />
              </summary>
              <ul className="flex list-disc flex-col gap-1 pl-5">
                {data.plantingAdvice.map((line) => (
                  <li key={line} className="break-words">
                    {line}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}

      {openDay && <DayDialog day={openDay} onClose={() => setOpenDay(null)} />}
    </Card>
  );
}

/** Spec §8's 'Failed to fetch weather data', saying what failed: the place, the service, the network. */
function WeatherError({
  error,
  onRetry,
  retrying,
}: {
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (error.message === NO_NETWORK) {
    return (
      <LoadError
        offline
        title="You are offline"
        detail="No weather is saved on this device yet. It loads when you are back online."
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  return (
    <FailedLoad
      error={error}
      words={{
        notFound: "Place not found",
        upstream: "Weather service unreachable",
        fallback: WEATHER_FAILED,
      }}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

function DayDialog({ day, onClose }: { day: ForecastDay; onClose: () => void }) {
  const units = useUnits();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={fullDate(day.date)}>
      <dl className="grid grid-cols-2 gap-3">
        <Detail label="Conditions" value={day.conditions} />
        <Detail
          label="Min / max"
          value={`${formatTemperature(day.temperature.min, units)} / ${formatTemperature(day.temperature.max, units)}`}
        />
        {typeof day.humidity === "number" && (
          <Detail label="Humidity" value={`${Math.round(day.humidity)}%`} />
        )}
        <Detail label="Precipitation" value={`${day.precipitation} mm`} />
      </dl>
      <p className="mt-4 rounded-xl bg-leaf-100 p-3 text-stone-900">{day.gardeningAdvice}</p>
    </Dialog>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-stone-100 p-3">
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className="font-semibold text-stone-900 tabular-nums">{value}</dd>
    </div>
  );
}
