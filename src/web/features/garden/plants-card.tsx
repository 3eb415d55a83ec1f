import { Plus } from "lucide-react";
import { lazy, type ReactNode, Suspense, useDeferredValue, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { FailedLoad, Skeleton } from "../../components/ui/misc";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { localToday } from "../../lib/format";
import { type PlantListItem, usePlants } from "../../lib/garden-api";
import { PlantCard } from "./plant-card";

// My Garden paints without the form's code (DESIGN.md's initial-JavaScript budget for "/").
const AddPlantDialog = lazy(async () => ({
  default: (await import("./add-plant-dialog")).AddPlantDialog,
}));

export function PlantsCard() {
  const { status } = useAuth();
  // Deferred, so the cards render in slices that leave a phone free to answer taps (issue 27).
  const plants = useDeferredValue(usePlants());
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState(false);
  if (adding && !opened) setOpened(true);
  return (
    <Card aria-labelledby="plants-title">
      <CardTitle
        action={
          <Button size="sm" onClick={() => setAdding(true)} disabled={status !== "signed-in"}>
            <Plus size={18} aria-hidden />
            Add Plant
          </Button>
        }
      >
        <span id="plants-title">My Plants & Stages</span>
      </CardTitle>
      <PlantGrid status={status} plants={plants} strip />
      {opened && (
        <Suspense fallback={null}>
          <AddPlantDialog open={adding} onOpenChange={setAdding} />
        </Suspense>
      )}
    </Card>
  );
}

export function PlantGrid({
  status,
  plants,
  wide = false,
  strip = false,
  grouped,
}: {
  status: string;
  plants: ReturnType<typeof usePlants>;
  /** A full-width page (Plant Tracker) has room for three columns on large screens. */
  wide?: boolean;
  /**
   * On a phone, one row to swipe through instead of a column: on My Garden the plants then take
   * the height of one card, however many there are, and My Tasks stays near.
   */
  strip?: boolean;
  /** Lays the loaded plants out itself (the Plant Tracker's sections by area). */
  grouped?: ((plants: readonly PlantListItem[]) => ReactNode) | undefined;
}) {
  const grid = cn("grid grid-cols-1 gap-3 sm:grid-cols-2", wide && "xl:grid-cols-3");
  const list = strip
    ? "-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0"
    : grid;
  const item = strip ? "w-[85%] min-w-0 shrink-0 snap-start only:w-full sm:w-auto" : "min-w-0";
  if (status === "signed-out")
    return <p className="text-stone-700">Sign in to track your plants.</p>;
  if (plants.isError) {
    return (
      <FailedLoad
        error={plants.error}
        words={{ fallback: "Your plants could not be loaded" }}
        onRetry={() => void plants.refetch()}
        retrying={plants.isFetching}
      />
    );
  }
  // Laid out as the plants will be, each as tall as a typical card (narrower in the phone's strip,
  // so a line taller), so the first row does not grow when they come (issue 27).
  if (!plants.data)
    return (
      <div className={list}>
        <Skeleton className={cn(item, strip ? "h-[234px]" : "h-[214px]")} />
        <Skeleton className={cn(item, strip ? "h-[234px]" : "h-[214px]")} />
      </div>
    );
  if (plants.data.length === 0)
    return <p className="text-stone-700">No plants yet. Start your first grow!</p>;
  if (grouped) return grouped(plants.data);
  return <PlantCards plants={plants.data} className={list} itemClassName={item} />;
}

/** The plants' cards as a list; `label` names it for screen readers. */
export function PlantCards({
  plants,
  className,
  itemClassName = "min-w-0",
  label = "Plants",
}: {
  plants: readonly PlantListItem[];
  className: string;
  itemClassName?: string;
  label?: string;
}) {
  const today = localToday();
  return (
    <ul className={className} aria-label={label}>
      {plants.map((plant) => (
        <li key={plant.id} className={itemClassName}>
          <PlantCard plant={plant} today={today} />
        </li>
      ))}
    </ul>
  );
}
