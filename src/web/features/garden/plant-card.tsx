import { Leaf } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import { relativeDay, stageEmoji } from "../../../core/garden/stage-emoji";
import { mediumLabels } from "../../components/plant-fields/labels";
import { focusRing } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { dateFormat, formatDay, localToday } from "../../lib/format";
import type { PlantListItem } from "../../lib/garden-api";

const addedFormat = dateFormat({ month: "short", day: "numeric", year: "numeric" });

/**
 * Spec §2 plant card. The photo and names share the top row; the stage (with how far into it the
 * plant is) and the next task get the card's full width below, so they read in a line or two
 * even in a narrow column.
 */
// Memoised: a card whose plant and day are unchanged skips its render when the list is drawn
// again (issue 27); `today` is a prop so its next task still turns overdue after midnight.
export const PlantCard = memo(function PlantCard({
  plant,
  today = localToday(),
}: {
  plant: PlantListItem;
  today?: string;
}) {
  const next = plant.nextTask;
  const overdue = !!next?.dueDate && next.dueDate < today;
  const stage = plant.currentStage ?? plant.stage;
  // The server works it out on the plant's schedule; a list cached before it did has none.
  const progress = plant.stageProgress ?? null;
  const percent = progress === null ? null : Math.round(progress * 100);
  const notStarted = plant.plantingDate > today;
  // The newest journal photo, else the plant's own (a list cached before journals has only that).
  const photoUrl = plant.latestPhotoUrl ?? plant.imageUrl;
  return (
    <Link
      to={`/plants/${plant.id}`}
      className={cn(
        "flex h-full flex-col gap-3 rounded-[16px] border border-stone-300 bg-surface p-3 hover:border-leaf-500",
        focusRing,
      )}
    >
      <div className="flex min-w-0 gap-3">
        <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-leaf-100">
          {photoUrl ? (
            <img
              src={photoUrl}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-full object-cover"
            />
          ) : (
            <Leaf size={28} aria-hidden className="text-leaf-fg" />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 font-semibold break-words text-stone-900">
            <span aria-hidden>{stageEmoji(stage)} </span>
            {plant.name}
          </p>
          {plant.scientificName && (
            <p className="truncate text-sm text-stone-700 italic">{plant.scientificName}</p>
          )}
          <p className="text-sm text-stone-700">{mediumLabels[plant.medium]}</p>
        </div>
      </div>
      <div>
        <p className="flex justify-between gap-2 text-sm">
          {notStarted ? (
            <span className="text-stone-900">Starts {formatDay(plant.plantingDate)}</span>
          ) : stage ? (
            <span className="font-semibold text-stone-900 capitalize">{stage}</span>
          ) : (
            <span className="text-stone-700">Stage unknown</span>
          )}
          {!notStarted && percent !== null && (
            <span className="text-stone-700 tabular-nums">{percent}% of stage</span>
          )}
        </p>
        {!notStarted && percent !== null && (
          <div
            role="progressbar"
            aria-label={`${stage ?? "Current"} stage progress`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="mt-1 h-2 overflow-hidden rounded-full bg-stone-100"
          >
            <div className="h-full rounded-full bg-leaf-500" style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      {next?.dueDate && (
        <p
          className={cn(
            "text-sm break-words",
            overdue ? "font-semibold text-berry-fg" : "text-stone-900",
          )}
        >
          <span className="font-semibold">{overdue ? "Overdue:" : "Next:"}</span> {next.title} ·{" "}
          <span title={formatDay(next.dueDate)}>
            {formatDay(next.dueDate)} ({relativeDay(next.dueDate, today)})
          </span>
        </p>
      )}
      <p className="mt-auto text-xs text-stone-700">
        Added {addedFormat(new Date(plant.createdAt))}
      </p>
    </Link>
  );
});
