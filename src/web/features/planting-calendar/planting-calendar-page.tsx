import { MapPin } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { placeTitle } from "../../../core/place-title";
import type { PlantingCalendarBody } from "../../../core/schemas/climate";
import { focusRing } from "../../components/ui/button";
import { Alert, PageHeader } from "../../components/ui/misc";
import { HttpError } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { localToday } from "../../lib/format";
import { usePlants } from "../../lib/garden-api";
import { storage } from "../../lib/storage";
import { useMe } from "../../lib/use-me";
import { usePlantingCalendar } from "./api/get-planting-calendar";
import {
  CalendarError,
  CalendarSkeleton,
  ClimateUnknown,
  ListSkeleton,
  linkClass,
  NoPlace,
} from "./calendar-states";
import { climateLine } from "./climate-words";
import { type CropFilter, CropFilters, filterCrops } from "./crop-filters";
import { CropList } from "./crop-list";

type View = "mine" | "all";
const VIEW_TITLES: Record<View, string> = { mine: "My crops", all: "All crops" };

/**
 * When to start, sow, plant out and harvest each crop at the gardener's place over the next
 * twelve months (issue 23): the crops of their plants, or the whole catalogue.
 */
export function PlantingCalendarPage() {
  // The gardener's own today, so the verdicts and today's line match their calendar.
  const [today] = useState(() => localToday());
  const plants = usePlants();
  const myCrops = useMemo(() => {
    if (!plants.data) return null;
    const slugs = plants.data.flatMap((p) =>
      p.status === "active" && p.cropSlug ? [p.cropSlug] : [],
    );
    return [...new Set(slugs)].sort();
  }, [plants.data]);
  const [chosen, setChosen] = useState<View | null>(null);
  // Until the plants are in, the default is not known; without them, every crop.
  const view: View | null =
    chosen ??
    (myCrops
      ? myCrops.length > 0
        ? "mine"
        : "all"
      : plants.isPending && plants.fetchStatus !== "paused"
        ? null
        : "all");
  const calendar = usePlantingCalendar(
    today,
    view === "mine" ? myCrops : null,
    view === "all" || (view === "mine" && (myCrops?.length ?? 0) > 0),
  );
  const data = calendar.data;
  const noPlace = calendar.error instanceof HttpError && calendar.error.status === 404;
  const climateUnknown = data?.climate.source === "estimate" && !calendar.isPlaceholderData;
  const retry = () => void calendar.refetch();

  return (
    <div>
      <PageHeader title="Planting calendar" />
      {view === null || (!data && calendar.fetchStatus === "fetching") ? (
        <CalendarSkeleton />
      ) : noPlace ? (
        <NoPlace />
      ) : calendar.isError ? (
        <CalendarError error={calendar.error} onRetry={retry} retrying={calendar.isFetching} />
      ) : (
        <div className="flex flex-col gap-6">
          {data && <PlaceLine calendar={data} />}
          {climateUnknown ? (
            <ClimateUnknown onRetry={retry} retrying={calendar.isFetching} />
          ) : (
            <ViewTabs view={view} onView={setChosen}>
              {view === "mine" && myCrops?.length === 0 ? (
                <NoCrops />
              ) : view === "mine" && plants.isError ? (
                <CalendarError
                  error={plants.error}
                  onRetry={() => void plants.refetch()}
                  retrying={plants.isFetching}
                />
              ) : !data ? (
                <Alert tone="info">
                  No network. The planting calendar loads when you are back online.
                </Alert>
              ) : calendar.isPlaceholderData ? (
                <ListSkeleton />
              ) : view === "all" ? (
                <AllCrops crops={data.crops} today={today} />
              ) : (
                <CropList crops={data.crops} today={today} />
              )}
            </ViewTabs>
          )}
        </div>
      )}
    </div>
  );
}

/** "Melbourne, Victoria, Australia", then its climate in the gardener's unit and its source. */
function PlaceLine({ calendar }: { calendar: PlantingCalendarBody }) {
  // The weather cards' rule: the profile's unit, else this browser's.
  const units = useMe().data?.units ?? storage.units();
  return (
    <div className="-mt-4 flex flex-col gap-1 text-stone-700">
      {calendar.place && (
        <p className="flex flex-wrap items-center gap-x-3 font-semibold break-words text-stone-900">
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <MapPin size={20} aria-hidden className="shrink-0 text-leaf-fg" />
            {placeTitle(calendar.place)}
          </span>
          <Link to="/settings" className={cn(linkClass, "text-sm")}>
            Change place
          </Link>
        </p>
      )}
      {calendar.climate.source !== "estimate" && (
        <p className="break-words">{climateLine(calendar.climate, units)}</p>
      )}
    </div>
  );
}

function NoCrops() {
  return (
    <Alert tone="info">
      <p className="font-semibold">None of your plants is a crop from the catalogue yet</p>
      <p className="text-sm text-stone-700">
        Add a plant by its crop name (tomato, basil…) and its calendar shows here. Meanwhile, All
        crops shows the whole catalogue.
      </p>
      <Link to="/plants" className={linkClass}>
        Go to Plant Tracker
      </Link>
    </Alert>
  );
}

function AllCrops({ crops, today }: { crops: PlantingCalendarBody["crops"]; today: string }) {
  const [filter, setFilter] = useState<CropFilter>({ category: "", name: "" });
  const shown = filterCrops(crops, filter);
  return (
    <div className="flex flex-col gap-4">
      <CropFilters filter={filter} onChange={setFilter} />
      <p aria-live="polite" className="text-sm text-stone-700">
        {shown.length === crops.length
          ? `${crops.length} crops`
          : `${shown.length} of ${crops.length} crops`}
      </p>
      {shown.length === 0 ? (
        <p className="text-stone-700">
          No crop matches.{" "}
          <button
            type="button"
            onClick={() => setFilter({ category: "", name: "" })}
            className={cn(linkClass, "inline")}
          >
            Show every crop
          </button>
        </p>
      ) : (
        <CropList crops={shown} today={today} />
      )}
    </div>
  );
}

function ViewTabs({
  view,
  onView,
  children,
}: {
  view: View;
  onView: (view: View) => void;
  children: ReactNode;
}) {
  const id = useId();
  const views: View[] = ["mine", "all"];
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = views[(views.indexOf(view) + 1) % views.length] as View;
    onView(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  }
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label="Which crops"
        className="grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1 sm:max-w-sm"
      >
        {views.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={view === name}
            aria-controls={`${id}-panel`}
            tabIndex={view === name ? 0 : -1}
            onClick={() => onView(name)}
            onKeyDown={onKeyDown}
            className={cn(
              "min-h-11 rounded-lg px-2 font-semibold",
              view === name
                ? "bg-surface text-stone-900 shadow-sm"
                : "text-stone-700 hover:text-stone-900",
              focusRing,
            )}
          >
            {VIEW_TITLES[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${view}-tab`}>
        {children}
      </div>
    </div>
  );
}
