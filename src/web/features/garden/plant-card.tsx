import { Leaf } from "lucide-react";
import { Link } from "react-router";
import { relativeDay, stageEmoji } from "../../../core/garden/stage-emoji";
import { focusRing } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { formatDay, localToday } from "../../lib/format";
import type { PlantListItem } from "./api";
import { mediumLabels } from "./labels";

const addedFormat = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  year: "numeric",
});

export function PlantCard({ plant }: { plant: PlantListItem }) {
  const today = localToday();
  const next = plant.nextTask;
  const overdue = !!next?.dueDate && next.dueDate < today;
  const stage = plant.currentStage ?? plant.stage;
  return (
    <Link
      to={`/plants/${plant.id}`}
      className={cn(
        "flex gap-3 rounded-[16px] border border-stone-300 bg-surface p-3 hover:border-leaf-500",
        focusRing,
      )}
    >
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-leaf-100">
        {plant.imageUrl ? (
          <img src={plant.imageUrl} alt="" className="size-full object-cover" />
        ) : (
          <Leaf size={32} aria-hidden className="text-leaf-fg" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-stone-900">
          <span aria-hidden>{stageEmoji(stage)} </span>
          {plant.name}
        </p>
        {plant.scientificName && (
          <p className="truncate text-sm text-stone-700 italic">{plant.scientificName}</p>
        )}
        <p className="text-sm text-stone-700">
          {plant.plantingDate > today ? (
            `Starts ${formatDay(plant.plantingDate)}`
          ) : stage ? (
            <span className="capitalize">{stage}</span>
          ) : (
            "Stage unknown"
          )}{" "}
          · {mediumLabels[plant.medium]}
        </p>
        {next?.dueDate && (
          <p
            className={cn(
              "mt-1 text-sm",
              overdue ? "font-semibold text-berry-fg" : "text-stone-900",
            )}
          >
            {overdue ? "Overdue:" : "Next:"} {next.title} ·{" "}
            <span title={next.dueDate}>
              {formatDay(next.dueDate)} ({relativeDay(next.dueDate, today)})
            </span>
          </p>
        )}
        <p className="mt-1 text-xs text-stone-700">
          Added {addedFormat.format(new Date(plant.createdAt))}
        </p>
      </div>
    </Link>
  );
}
