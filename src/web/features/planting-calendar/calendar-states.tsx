import { MapPin, RotateCw } from "lucide-react";
import { Link } from "react-router";
import { Button, focusRing } from "../../components/ui/button";
import { Alert, FailedLoad, Skeleton } from "../../components/ui/misc";
import { cn } from "../../lib/cn";

export const linkClass = cn(
  "inline-flex min-h-11 items-center gap-1 rounded-xl font-semibold text-leaf-fg underline-offset-4 hover:underline",
  focusRing,
);

/** The crops' cards while they load. */
export function ListSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading the planting calendar…"
      className="grid grid-cols-1 gap-4 lg:grid-cols-2"
    >
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-36" />
      ))}
    </div>
  );
}

/** The place line, the tabs and the cards while the first calendar loads. */
export function CalendarSkeleton() {
  return (
    <div className="-mt-4 flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-6 w-64 max-w-full" />
        <Skeleton className="h-5 w-96 max-w-full" />
      </div>
      <Skeleton className="h-12 w-full sm:max-w-sm" />
      <ListSkeleton />
    </div>
  );
}

/** The server knows no place for this gardener (404): the calendar starts from one. */
export function NoPlace() {
  return (
    <Alert tone="info">
      <p className="font-semibold">Choose where you garden first</p>
      <p className="text-sm text-stone-700">
        The planting calendar works from your town's climate. Choose a town or postcode in Settings.
      </p>
      <Link to="/settings" className={linkClass}>
        <MapPin size={20} aria-hidden />
        Choose your place in Settings
      </Link>
    </Alert>
  );
}

/** The place is known but its climate could not be fetched (the archive unreachable). */
export function ClimateUnknown({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert tone="info">
      <p className="font-semibold">Your place's climate could not be fetched</p>
      <p className="text-sm text-stone-700">
        The calendar needs the typical weather of your place through the year, and the weather
        history service did not answer. Try again later.
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} disabled={retrying}>
        <RotateCw size={16} aria-hidden />
        {retrying ? "Retrying…" : "Try again"}
      </Button>
    </Alert>
  );
}

export function CalendarError({
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
      words={{ fallback: "The planting calendar could not be loaded" }}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}
