import { ArrowLeft, MessageCircle, Pencil, Plus, Trash2 } from "lucide-react";
import { useDeferredValue, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { daysBetween } from "../../../core/garden/dates";
import { relativeDay, stageEmoji } from "../../../core/garden/stage-emoji";
import type { PlantDetail } from "../../../core/schemas/plant";
import { setupWords } from "../../components/plant-fields/setup-words";
import { Button, focusRing } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Alert, Spinner } from "../../components/ui/misc";
import { HttpError } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { formatDay, fullDate, localToday } from "../../lib/format";
import { useDeletePlant, usePlant } from "../../lib/garden-api";
import { stageDateLabel } from "../../lib/stage-dates";
import { toast } from "../../lib/toast-store";
import { AddTaskDialog } from "./add-task-dialog";
import { PlantAreaLink } from "./areas/plant-area-link";
import { EditPlantDialog } from "./edit-plant-dialog";
import { PlantHarvestsCard } from "./harvests/plant-harvests-card";
import { JournalSection } from "./journal/journal-section";
import { Milestones } from "./milestones";
import { PlantPhoto } from "./plant-photo";
import { TaskRow } from "./task-row";

export const DELETE_CONFIRMATION = "Delete plant and all its tasks? This can't be undone.";

export function PlantDetailPage() {
  const { plantId = "" } = useParams();
  const { status } = useAuth();
  // Deferred: the page draws in a background pass React splits into slices, leaving a phone free
  // to answer taps while it does (issue 27).
  const plant = useDeferredValue(usePlant(plantId));
  if (status === "signed-out") return <p className="text-stone-700">Sign in required</p>;
  if (plant.isError) {
    const missing = plant.error instanceof HttpError && plant.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        <Alert tone="error">
          {missing
            ? "This plant was not found. It may have been deleted."
            : "This plant could not be loaded. Check your connection and try again."}
        </Alert>
      </div>
    );
  }
  if (!plant.data) return <Spinner label="Loading plant…" />;
  return <PlantView plant={plant.data} />;
}

function BackLink() {
  return (
    <Link
      to="/plants"
      className={cn(
        "inline-flex min-h-11 items-center gap-2 self-start rounded-xl pr-3 font-semibold text-leaf-fg",
        focusRing,
      )}
    >
      <ArrowLeft size={20} aria-hidden />
      Back
    </Link>
  );
}

type TimelineStage = PlantDetail["timeline"]["stages"][number];

/**
 * One stage of the timeline (STYLE: horizontal bars, the current stage highlighted, an ETA: the
 * day a stage ahead begins, as its milestone is planned). The current one stands out with a
 * tinted row, "Now" and how far into it the plant is; stages behind it say "Done", so the state
 * never rests on colour alone.
 */
function StageBar({ stage, today }: { stage: TimelineStage; today: string }) {
  const percent = Math.round(stage.progress * 100);
  const done = !stage.current && stage.progress >= 1;
  const day = Math.min(stage.durationDays, Math.max(1, daysBetween(stage.startDate, today) + 1));
  const dates = stageDateLabel(stage, today);
  return (
    <li
      aria-current={stage.current ? "step" : undefined}
      className={cn(
        "rounded-xl px-3 py-2",
        stage.current ? "bg-leaf-100 ring-1 ring-leaf-500" : "bg-transparent",
      )}
    >
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
        <span className="font-semibold text-stone-900">
          <span className="capitalize">{stage.name}</span>
          {stage.current && <span className="ml-2 text-leaf-fg">Now</span>}
          {done && <span className="ml-2 font-normal text-stone-700">Done</span>}
        </span>
        <span className="text-stone-700" title={fullDate(dates.date)}>
          {dates.text}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${stage.name} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className={cn(
          "overflow-hidden rounded-full bg-stone-100",
          stage.current ? "h-3 bg-surface" : "h-2",
        )}
      >
        <div
          className={cn("h-full rounded-full", stage.current ? "bg-leaf-500" : "bg-leaf-700/40")}
          style={{ width: `${stage.progress * 100}%` }}
        />
      </div>
      {stage.current && (
        <p className="mt-1 text-sm text-stone-900 tabular-nums">
          Day {day} of {stage.durationDays} · {percent}% through
        </p>
      )}
    </li>
  );
}

/** When the plant should be ready: its schedule's harvest date, which its harvest check is due on. */
function HarvestLine({ harvestDate, today }: { harvestDate: string | null; today: string }) {
  if (!harvestDate) return null;
  return (
    <p className="mb-4 text-stone-900" title={fullDate(harvestDate)}>
      <span aria-hidden>🧺 </span>
      {harvestDate > today ? (
        <>
          Harvest from <span className="font-semibold">{formatDay(harvestDate)}</span> (
          {relativeDay(harvestDate, today)})
        </>
      ) : (
        <>
          Ready to harvest since <span className="font-semibold">{formatDay(harvestDate)}</span>
        </>
      )}
    </p>
  );
}

function PlantView({ plant }: { plant: PlantDetail }) {
  const navigate = useNavigate();
  const remove = useDeletePlant();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);
  const today = localToday();
  const next = plant.nextTask;
  const overdue = !!next?.dueDate && next.dueDate < today;

  async function deletePlant() {
    try {
      await remove.mutateAsync(plant.id);
      setConfirming(false);
      await navigate("/plants", { replace: true });
      remove.forget(plant.id);
    } catch (error) {
      // Spec §4: a failed deletion is only logged; the gardener sees it is still there.
      console.warn("Plant deletion failed", error);
      toast({
        title: "The plant could not be deleted",
        description: "Check your connection and try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <BackLink />
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <PlantPhoto plant={plant} />
        <div className="flex min-w-0 flex-1 flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 break-words">
            <h1 className="text-[28px] font-semibold text-stone-900">
              <span aria-hidden>{stageEmoji(plant.timeline.currentStage ?? plant.stage)} </span>
              {plant.name}
            </h1>
            {plant.scientificName && (
              <p className="text-stone-700 italic">{plant.scientificName}</p>
            )}
            <p className="mt-1 text-stone-700">
              {setupWords(plant)} · planted {formatDay(plant.plantingDate)}
            </p>
            <PlantAreaLink areaId={plant.areaId} />
            {plant.notes && (
              <p className="mt-1 max-w-prose whitespace-pre-line text-stone-700">{plant.notes}</p>
            )}
            {next?.dueDate && (
              <p
                className={cn(
                  "mt-2 inline-flex max-w-full rounded-xl px-3 py-1 text-sm font-semibold",
                  overdue ? "bg-berry-600 text-white" : "bg-leaf-100 text-leaf-fg",
                )}
              >
                {overdue ? "Overdue:" : "Next:"} {next.title} · {relativeDay(next.dueDate, today)}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil size={18} aria-hidden />
              Edit plant
            </Button>
            <Link
              to={`/chat?plantId=${encodeURIComponent(plant.id)}&new=1`}
              className={cn(
                "inline-flex min-h-11 items-center gap-2 rounded-xl border border-stone-300 bg-surface px-4 font-semibold text-stone-900 hover:bg-stone-100",
                focusRing,
              )}
            >
              <MessageCircle size={20} aria-hidden />
              Ask assistant
            </Link>
          </div>
        </div>
      </header>
      <EditPlantDialog plant={plant} open={editing} onOpenChange={setEditing} />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <Card aria-labelledby="stages-title">
          <CardTitle>
            <span id="stages-title">Stages</span>
          </CardTitle>
          {plant.plantingDate > today && (
            <p className="mb-4 font-semibold text-stone-900">
              Starts {formatDay(plant.plantingDate)}
            </p>
          )}
          <HarvestLine harvestDate={plant.timeline.harvestDate} today={today} />
          <ol className="flex flex-col gap-2">
            {plant.timeline.stages.map((stage) => (
              <StageBar key={`${stage.name}-${stage.startDate}`} stage={stage} today={today} />
            ))}
          </ol>
          <Milestones plant={plant} />
          {plant.tips.length > 0 && (
            <>
              <h3 className="mt-6 mb-2 font-semibold text-stone-900">Tips</h3>
              <ul className="flex list-disc flex-col gap-1 pl-5 text-stone-900">
                {plant.tips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </>
          )}
        </Card>

        <Card aria-labelledby="plant-tasks-title">
          <CardTitle
            action={
              <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
                <Plus size={18} aria-hidden />
                Add task
              </Button>
            }
          >
            <span id="plant-tasks-title">Tasks</span>
          </CardTitle>
          {plant.tasks.length === 0 ? (
            <p className="text-stone-700">No pending tasks for this plant.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {plant.tasks.map((task) => (
                <TaskRow key={task.id} task={task} label="Complete" />
              ))}
            </ul>
          )}
          {plant.taskCount > plant.tasks.length && (
            <p className="mt-3 text-sm text-stone-700">
              Showing the {plant.tasks.length} soonest of {plant.taskCount} pending tasks; later
              ones appear here as these are done.
            </p>
          )}
        </Card>

        <PlantHarvestsCard plantId={plant.id} plantName={plant.name} />
      </div>

      <JournalSection plantId={plant.id} />

      <Button variant="danger" className="self-start" onClick={() => setConfirming(true)}>
        <Trash2 size={20} aria-hidden />
        Delete plant and all tasks
      </Button>

      <AddTaskDialog open={adding} onOpenChange={setAdding} plantId={plant.id} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete plant?"
        description={DELETE_CONFIRMATION}
        action="Delete"
        busyAction="Deleting…"
        busy={remove.isPending}
        onConfirm={deletePlant}
      />
    </div>
  );
}
