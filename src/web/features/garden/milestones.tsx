import { CheckCircle2, Circle, Flag } from "lucide-react";
import type { Milestone, PlantDetail } from "../../../core/schemas/plant";
import { Button } from "../../components/ui/button";
import { errorMessage } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { formatDay, fullDate, localToday } from "../../lib/format";
import { useUpdatePlant } from "../../lib/garden-api";
import { toast } from "../../lib/toast-store";

/** The calendar day, where the gardener is, of an instant such as `reachedAt`. */
const localDay = (instant: string) => localToday(new Date(instant));

/**
 * The one milestone to mark next: the earliest not reached yet after the last one reached (a plant
 * saved as a seedling has passed germination without it being marked).
 */
export function nextMilestone(milestones: readonly Milestone[]): Milestone | undefined {
  const lastReached = milestones.findLastIndex((m) => m.reachedAt !== null);
  return milestones.slice(lastReached + 1).find((m) => m.reachedAt === null);
}

/**
 * The plant's milestones (API.md: a stage it is planned to reach on `date`, `reachedAt` once it
 * got there), earliest first. Marking the next one reached records the plant's new stage; the
 * server answers with the plant, milestones and all, so the list follows at once.
 */
export function Milestones({ plant }: { plant: PlantDetail }) {
  const update = useUpdatePlant(plant.id);
  const next = nextMilestone(plant.milestones);

  function reach(milestone: Milestone) {
    update.mutate(
      { stage: milestone.stage },
      {
        onSuccess: () => toast({ title: `${milestone.title} reached`, variant: "success" }),
        onError: (error) =>
          toast({
            title: "The stage could not be saved",
            description: errorMessage(error),
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <section aria-labelledby="milestones-title" className="mt-6">
      <h3
        id="milestones-title"
        className="mb-2 flex items-center gap-2 font-semibold text-stone-900"
      >
        <Flag size={18} aria-hidden className="text-leaf-fg" />
        Milestones
      </h3>
      {plant.milestones.length === 0 ? (
        <p className="text-stone-700">
          No milestones yet. Each stage is recorded here when your plant reaches it.
        </p>
      ) : (
        <ol className="flex flex-col divide-y divide-stone-300">
          {plant.milestones.map((milestone) => {
            const reached = milestone.reachedAt ? localDay(milestone.reachedAt) : null;
            const isNext = milestone.id === next?.id;
            return (
              <li
                key={milestone.id}
                className="flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 py-2"
              >
                {reached ? (
                  <CheckCircle2 size={20} aria-hidden className="shrink-0 text-leaf-fg" />
                ) : (
                  <Circle size={20} aria-hidden className="shrink-0 text-stone-500" />
                )}
                <div className="min-w-0 flex-1">
                  <p className={cn("font-semibold", reached ? "text-stone-900" : "text-stone-700")}>
                    {milestone.title}
                  </p>
                  <p className="text-sm text-stone-700">
                    <span title={fullDate(milestone.date)}>
                      Planned {formatDay(milestone.date)}
                    </span>
                    {reached && (
                      <>
                        {" · "}
                        <span title={fullDate(reached)} className="font-semibold text-leaf-fg">
                          Reached {formatDay(reached)}
                        </span>
                      </>
                    )}
                  </p>
                </div>
                {isNext && (
                  <Button
                    variant="secondary"
                    onClick={() => reach(milestone)}
                    disabled={update.isPending}
                    aria-label={`Mark ${milestone.title} reached`}
                  >
                    {update.isPending ? "Saving…" : "Mark reached"}
                  </Button>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
