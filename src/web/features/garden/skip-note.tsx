import { CloudRain } from "lucide-react";
import { rainAmount } from "../../../core/garden/rain-skip";
import type { Task, TaskSkip } from "../../../core/garden/tasks";
import { Button } from "../../components/ui/button";
import { formatDay } from "../../lib/format";
import { useUndoSkip } from "../../lib/garden-api";
import { storage } from "../../lib/storage";
import { useMe } from "../../lib/use-me";

/**
 * Why a watering moved: "Skipped — it rained 8 mm", with Undo, which puts it back on the date it
 * had. Rain in the gardener's units; the icon is sky (rain), the words carry the meaning.
 */
export function SkipNote({ task, skip }: { task: Task; skip: TaskSkip }) {
  const units = useMe().data?.units ?? storage.units();
  const undo = useUndoSkip();
  return (
    <div className="col-span-2 flex items-center justify-between gap-3 border-t border-stone-300 pt-2">
      <p className="flex min-w-0 items-center gap-2 text-sm text-stone-700">
        <CloudRain size={18} aria-hidden className="shrink-0 text-sky-500" />
        <span title={`Rain on ${formatDay(skip.on)}; it was due ${formatDay(skip.fromDueDate)}`}>
          Skipped — it rained{" "}
          <span className="whitespace-nowrap">{rainAmount(skip.rainMm, units)}</span>
        </span>
      </p>
      <Button
        size="sm"
        variant="ghost"
        onClick={() => undo.mutate(task)}
        disabled={undo.isPending}
        aria-label={`Undo the skip: ${task.title}`}
        className="min-h-11"
      >
        Undo
      </Button>
    </div>
  );
}
