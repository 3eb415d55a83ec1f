import { Lightbulb, ListOrdered, Repeat, Sprout } from "lucide-react";
import type { GrowGuide, GrowGuideRequest } from "../../../core/schemas/grow-guide";
import { localizeUnits } from "../../../core/units-text";
import { engineLabels } from "../../components/engine-labels";
import { PlantingWarningNote } from "../../components/plant-fields/planting-warning";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { storage } from "../../lib/storage";
import { useMe } from "../../lib/use-me";
import { CustomPlantBadge } from "./custom-plant-badge";
import {
  climateLabels,
  experienceLabels,
  gardenTypeLabels,
  lightingLabels,
  mediumLabels,
} from "./form";
import { TimelineChart } from "./timeline-chart";

/** "Repeats daily", "Repeats weekly", "Repeats every 3 days". */
export function repeatLabel(days: number): string {
  if (days === 1) return "Repeats daily";
  if (days === 7) return "Repeats weekly";
  return `Repeats every ${days} days`;
}

/**
 * The guide for the setup in `request`: what to do to track it first (STYLE: the next thing to do
 * is the biggest thing), then the stages as a timeline, the tasks by day, tips and instructions.
 */
export function GuideView({
  guide,
  request,
  today,
  tracking,
  onTrack,
}: {
  guide: GrowGuide;
  request: GrowGuideRequest;
  today: string;
  tracking: boolean;
  onTrack: () => void;
}) {
  const tasks = [...guide.tasks].sort((a, b) => a.dueInDays - b.dueInDays);
  // The guide is kept as written (metric), since tracking it stores it; it is read in the
  // gardener's units.
  const units = useMe().data?.units ?? storage.units();
  const inUnits = (text: string) => localizeUnits(text, units);
  const setup = [
    mediumLabels[request.medium],
    gardenTypeLabels[request.gardenType],
    lightingLabels[request.lighting],
    experienceLabels[request.experience],
    climateLabels[request.climate],
  ].join(" · ");
  return (
    <div className="flex flex-col gap-6">
      <Card aria-labelledby="guide-title">
        <div className="flex flex-col gap-4">
          <div>
            <h2
              id="guide-title"
              className="flex items-center gap-2 text-[22px] font-semibold text-stone-900"
            >
              <Sprout size={24} aria-hidden className="shrink-0 text-leaf-fg" />
              Your {guide.plant} guide
            </h2>
            <p className="mt-1 text-stone-700">
              {setup} · {request.location}
            </p>
            {guide.custom && <CustomPlantBadge className="mt-3" />}
          </div>
          <PlantingWarningNote warning={guide.plantingWarning} />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <Button onClick={onTrack} disabled={tracking} className="shrink-0 whitespace-nowrap">
              {tracking ? "Saving…" : "Track this plant"}
            </Button>
            <p className="text-sm text-stone-700">
              Adds it to My Plants from today, with these stages as milestones and these tasks
              scheduled.
            </p>
          </div>
        </div>
      </Card>

      <Card aria-labelledby="guide-stages-title">
        <CardTitle>
          <span id="guide-stages-title">Stages</span>
        </CardTitle>
        <TimelineChart stages={guide.stages} startDate={today} />
      </Card>

      {tasks.length > 0 && (
        <Card aria-labelledby="guide-tasks-title">
          <CardTitle>
            <span id="guide-tasks-title">Tasks</span>
          </CardTitle>
          <ul className="flex flex-col divide-y divide-stone-300">
            {tasks.map((task) => (
              <li
                key={`${task.dueInDays}-${task.title}`}
                className="flex items-start gap-3 py-3 first:pt-0 last:pb-0"
              >
                <span className="mt-0.5 inline-flex min-w-[4.75rem] shrink-0 justify-center rounded-full bg-leaf-100 px-2.5 py-0.5 text-sm font-semibold text-leaf-fg tabular-nums">
                  Day {task.dueInDays}
                </span>
                <div className="min-w-0">
                  <p className="text-stone-900">{inUnits(task.title)}</p>
                  {task.repeatEveryDays && (
                    <p className="mt-0.5 flex items-center gap-1.5 text-sm text-stone-700">
                      <Repeat size={14} aria-hidden />
                      {repeatLabel(task.repeatEveryDays)}
                    </p>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}

      {guide.tips.length > 0 && (
        <Card aria-labelledby="guide-tips-title">
          <CardTitle>
            <span id="guide-tips-title" className="inline-flex items-center gap-2">
              <Lightbulb size={20} aria-hidden className="text-sun-500" />
              Tips
            </span>
          </CardTitle>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-stone-900">
            {guide.tips.map((tip) => (
              <li key={tip}>{inUnits(tip)}</li>
            ))}
          </ul>
        </Card>
      )}

      {guide.instructions.length > 0 && (
        <Card aria-labelledby="guide-instructions-title">
          <CardTitle>
            <span id="guide-instructions-title" className="inline-flex items-center gap-2">
              <ListOrdered size={20} aria-hidden className="text-leaf-fg" />
              Instructions
            </span>
          </CardTitle>
          <ol className="flex list-decimal flex-col gap-2 pl-5 text-stone-900 marker:font-semibold marker:text-stone-700">
            {guide.instructions.map((step) => (
              <li key={step}>{inUnits(step)}</li>
            ))}
          </ol>
        </Card>
      )}

      <div className="flex flex-col gap-1.5 text-sm text-stone-700">
        {guide.sources.length > 0 && (
          <p>
            <span className="font-semibold">Sources:</span>{" "}
            {guide.sources.map((source) => source.title).join(" · ")}
          </p>
        )}
        <p>
          Written by{" "}
          <span className="inline-flex rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
            {engineLabels[guide.engine]}
          </span>
        </p>
      </div>
    </div>
  );
}
