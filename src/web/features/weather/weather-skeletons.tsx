import { Skeleton } from "../../components/ui/misc";

/*
 * The weather card's parts while they load, each the size of what replaces it on a phone with a
 * typical forecast (issue 27: cards reserve their final size, so nothing below moves).
 */

/**
 * The place, season, temperature and conditions (130 px), with wind and humidity beside them
 * where they fit and on a line of their own where they do not, as the loaded card does.
 */
export function CurrentSkeleton() {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <Skeleton className="h-[130px] w-52 max-w-full" />
      <Skeleton className="h-5 w-36" />
    </div>
  );
}

/** The 7-day forecast row, then the watering advice (three lines) and "Planting advice". */
export function InsightsSkeleton() {
  return (
    <>
      <Skeleton className="mt-4 h-[76px]" />
      <Skeleton className="mt-4 h-[124px]" />
    </>
  );
}
