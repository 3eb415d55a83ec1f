import { useIsRestoring } from "@tanstack/react-query";
import { ArrowDown, ListChecks } from "lucide-react";
import { useEffect, useState } from "react";
import { Navigate } from "react-router";
import { groupTasks } from "../../../core/garden/tasks";
import { placeTitle } from "../../../core/place-title";
import type { Me } from "../../../core/schemas/me";
import { focusRing } from "../../components/ui/button";
import { PageHeader, Spinner } from "../../components/ui/misc";
import { PlantsCard } from "../../features/garden/plants-card";
import { TASKS_CARD_ID, TasksCard } from "../../features/garden/tasks-card";
import { HealthCard } from "../../features/weather/health-card";
import { PlantingCard } from "../../features/weather/planting-card";
import { WeatherCard } from "../../features/weather/weather-card";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { localToday } from "../../lib/format";
import { usePendingTasks } from "../../lib/garden-api";
import { getString, storage } from "../../lib/storage";
import { useMe } from "../../lib/use-me";
import type { Place } from "../../lib/weather-api";

/**
 * Spec §5 Location: the stored location, else 'San Francisco'. The ZIP given at onboarding counts
 * as stored, and so does the profile's location or ZIP on a device that has none of its own.
 */
const storedPlace = (): string | null => storage.location() || getString("zip");

function storedOrProfilePlace(me: Me | undefined): Place {
  const stored = storedPlace();
  if (stored) return { location: stored };
  // A place chosen at onboarding is already found: its coordinates, no second search.
  const profilePlace = me?.place;
  if (profilePlace) {
    return {
      location: placeTitle(profilePlace),
      lat: profilePlace.latitude,
      lon: profilePlace.longitude,
    };
  }
  return { location: me?.location || me?.zip || "San Francisco" };
}

export function HomePage() {
  const { user } = useAuth();
  const me = useMe();
  const restoring = useIsRestoring();
  // A place searched in the weather card wins; else this device's, else the profile's: derived
  // at render, so the cards' first requests already name it (not San Francisco, then the ZIP).
  const [chosen, setPlace] = useState<Place | null>(null);
  const place = chosen ?? storedOrProfilePlace(me.data);
  const onboardedOnServer = me.data?.onboardingCompleted === true;
  useEffect(() => {
    if (onboardedOnServer) storage.setOnboarded();
  }, [onboardedOnServer]);
  // Spec §2 Home: without the onboarded flag, first-run questions come first. A browser without
  // the flag (just signed in) waits for the profile, which knows whether onboarding was done:
  // the server's answer, not the copy this browser saved, which may predate an onboarding
  // finished on another device.
  if (!storage.isOnboarded() && !onboardedOnServer) {
    // While the saved cache is read back the profile is not asked yet: wait for it too.
    if (me.isFetching || restoring) return <Spinner label="Loading your garden…" />;
    return <Navigate to="/onboarding" replace />;
  }
  const name = me.data?.displayName?.trim() || user?.name || "there";
  return (
    <div>
      <PageHeader title="My Garden" />
      <p className="-mt-4 mb-2 break-words text-stone-700">Hi {name}, here is your garden today.</p>
      <TasksAtAGlance />
      {/* Spec §2's order, weather and guidance first. On wide screens they make a column of their
          own beside the garden, each card as tall as its content. */}
      <div className="mt-4 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <WeatherCard place={place} onPlaceChange={setPlace} />
          <PlantingCard place={place} />
          <HealthCard place={place} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <PlantsCard />
          <TasksCard />
        </div>
      </div>
    </div>
  );
}

/**
 * On a phone My Tasks comes after four cards: a line at the top says what is due and jumps there.
 * Wide screens show My Tasks beside the weather, so they need no shortcut. The line is there
 * from the first paint, held empty while the tasks load (or when they fail: My Tasks says why),
 * and says "nothing due today" with no tasks at all, so the cards below never move down for it.
 */
function TasksAtAGlance() {
  const tasks = usePendingTasks();
  if (!tasks.data) return <p aria-hidden className="min-h-11 lg:hidden" />;
  const { overdue, today } = groupTasks(tasks.data, localToday());
  const parts = [
    overdue.length > 0 && `${overdue.length} overdue`,
    today.length > 0 && `${today.length} due today`,
  ].filter(Boolean);
  return (
    <p className="lg:hidden">
      <a
        href={`#${TASKS_CARD_ID}`}
        className={cn(
          "inline-flex min-h-11 items-center gap-2 rounded-xl font-semibold text-leaf-fg",
          focusRing,
        )}
      >
        <ListChecks size={20} aria-hidden />
        {parts.length > 0 ? `Tasks: ${parts.join(", ")}` : "Tasks: nothing due today"}
        <ArrowDown size={18} aria-hidden />
      </a>
    </p>
  );
}
