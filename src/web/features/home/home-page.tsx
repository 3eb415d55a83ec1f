import { useEffect, useState } from "react";
import { Navigate } from "react-router";
import { PageHeader, Spinner } from "../../components/ui/misc";
import { getString, storage } from "../../lib/storage";
import { useAuth } from "../auth/auth-context";
import { useMe } from "../auth/use-me";
import { PlantsCard } from "../garden/plants-card";
import { TasksCard } from "../garden/tasks-card";
import type { Place } from "../weather/api";
import { HealthCard } from "../weather/health-card";
import { PlantingCard } from "../weather/planting-card";
import { WeatherCard } from "../weather/weather-card";

/**
 * Spec §5 Location: the stored location, else 'San Francisco'. The ZIP given at onboarding counts
 * as stored, and so does the profile's location or ZIP on a device that has none of its own.
 */
const storedPlace = (): string | null => storage.location() || getString("zip");

export function HomePage() {
  const { user } = useAuth();
  const me = useMe();
  const [place, setPlace] = useState<Place>(() => ({
    location: storedPlace() || "San Francisco",
  }));
  const fromProfile = me.data?.location || me.data?.zip;
  useEffect(() => {
    if (fromProfile && !storedPlace()) setPlace({ location: fromProfile });
  }, [fromProfile]);
  const onboardedOnServer = me.data?.onboardingCompleted === true;
  useEffect(() => {
    if (onboardedOnServer) storage.setOnboarded();
  }, [onboardedOnServer]);
  // Spec §2 Home: without the onboarded flag, first-run questions come first. A browser without
  // the flag (just signed in) waits for the profile, which knows whether onboarding was done.
  if (!storage.isOnboarded() && !onboardedOnServer) {
    if (me.isLoading) return <Spinner label="Loading your garden…" />;
    return <Navigate to="/onboarding" replace />;
  }
  return (
    <div>
      <PageHeader title="My Garden" />
      <p className="-mt-4 mb-6 text-stone-700">
        Hi {user?.name ?? "there"}, here is your garden today.
      </p>
      <div className="grid gap-6 lg:grid-cols-2">
        <WeatherCard place={place} onPlaceChange={setPlace} />
        <div className="flex flex-col gap-6">
          <PlantingCard place={place} />
          <HealthCard place={place} />
        </div>
        <PlantsCard />
        <TasksCard />
      </div>
    </div>
  );
}
