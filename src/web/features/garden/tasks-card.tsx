import { Plus } from "lucide-react";
import { type KeyboardEvent, lazy, Suspense, useDeferredValue, useId, useState } from "react";
import { groupTasks, type Task } from "../../../core/garden/tasks";
import { Button, focusRing } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { FailedLoad, Skeleton } from "../../components/ui/misc";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { localToday } from "../../lib/format";
import { usePendingTasks, usePlants } from "../../lib/garden-api";
import { TaskRow } from "./task-row";

export const TASKS_CARD_ID = "my-tasks";

// My Garden paints without the form's code (DESIGN.md's initial-JavaScript budget for "/").
const AddTaskDialog = lazy(async () => ({
  default: (await import("./add-task-dialog")).AddTaskDialog,
}));

/**
 * Overdue tasks shown before "Show all": a gardener back from a fortnight away can have dozens,
 * and today's tasks below them should stay a swipe or two away on a phone.
 */
export const OVERDUE_SHOWN = 3;

type Tab = "today" | "upcoming";
const TAB_TITLES: Record<Tab, string> = { today: "Today", upcoming: "Upcoming (7 days)" };

/** A section's count, once: "Today 2", not "Today (2)" beside another count. */
function Count({ n, tone = "neutral" }: { n: number; tone?: "neutral" | "overdue" }) {
  return (
    <span
      className={cn(
        "inline-flex min-w-6 items-center justify-center rounded-full px-1.5 text-sm font-semibold tabular-nums",
        tone === "overdue" ? "bg-berry-600 text-white" : "bg-stone-100 text-stone-700",
      )}
    >
      {n}
    </span>
  );
}

/**
 * Spec §2 My Tasks: Overdue, Today and Upcoming (7 days). Upcoming is the week ahead, today's
 * tasks included (spec §4), so Today and Upcoming are two views of the same days: tabs, one shown
 * at a time, rather than two lists that repeat each other. Overdue stays in view above them.
 */
export function TasksCard() {
  const { status } = useAuth();
  // Drawn from deferred answers: an answer's rows render in a background pass React splits into
  // short slices, not in one task that blocks a phone's taps (issue 27).
  const tasks = useDeferredValue(usePendingTasks());
  const plants = useDeferredValue(usePlants());
  const [adding, setAdding] = useState(false);
  const [opened, setOpened] = useState(false);
  if (adding && !opened) setOpened(true);
  const [chosen, setChosen] = useState<Tab | null>(null);
  const [allOverdue, setAllOverdue] = useState(false);
  const names = new Map((plants.data ?? []).map((p) => [p.id, p.name]));
  const today = localToday();
  const groups = tasks.data ? groupTasks(tasks.data, today) : null;
  const empty =
    groups && groups.overdue.length === 0 && groups.today.length === 0 && !groups.upcoming.length;
  // Today first, unless nothing is due today and the week has something.
  const tab: Tab =
    chosen ??
    (groups && groups.today.length === 0 && groups.upcoming.length > 0 ? "upcoming" : "today");
  const rows = (list: Task[]) => (
    <ul className="flex flex-col gap-2">
      {list.map((task) => (
        <TaskRow
          key={task.id}
          task={task}
          plantName={task.plantId ? names.get(task.plantId) : undefined}
          today={today}
        />
      ))}
    </ul>
  );

  return (
    <Card aria-labelledby="tasks-title" id={TASKS_CARD_ID} className="scroll-mt-20">
      <CardTitle
        action={
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setAdding(true)}
            disabled={status !== "signed-in"}
          >
            <Plus size={18} aria-hidden />
            Add task
          </Button>
        }
      >
        <span id="tasks-title">My Tasks</span>
      </CardTitle>
      {tasks.isError ? (
        <FailedLoad
          error={tasks.error}
          words={{ fallback: "Your tasks could not be loaded" }}
          onRetry={() => void tasks.refetch()}
          retrying={tasks.isFetching}
        />
      ) : !groups ? (
        <Skeleton className="h-32" />
      ) : empty ? (
        <p className="text-stone-700">
          No tasks due. Add a plant to auto-schedule watering/feeding.
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {groups.overdue.length > 0 && (
            <section aria-labelledby="tasks-overdue">
              <h3
                id="tasks-overdue"
                className="mb-2 flex items-center gap-2 font-semibold text-berry-fg"
              >
                Overdue <Count n={groups.overdue.length} tone="overdue" />
              </h3>
              {rows(allOverdue ? groups.overdue : groups.overdue.slice(0, OVERDUE_SHOWN))}
              {groups.overdue.length > OVERDUE_SHOWN && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-2 min-h-11"
                  aria-expanded={allOverdue}
                  onClick={() => setAllOverdue((all) => !all)}
                >
                  {allOverdue ? "Show fewer" : `Show all ${groups.overdue.length} overdue`}
                </Button>
              )}
            </section>
          )}
          <TaskTabs
            tab={tab}
            onTab={setChosen}
            counts={{ today: groups.today.length, upcoming: groups.upcoming.length }}
          >
            {tab === "today" ? (
              groups.today.length > 0 ? (
                rows(groups.today)
              ) : (
                <p className="text-stone-700">Nothing is due today.</p>
              )
            ) : groups.upcoming.length > 0 ? (
              rows(groups.upcoming)
            ) : (
              <p className="text-stone-700">Nothing is due in the next 7 days.</p>
            )}
          </TaskTabs>
        </div>
      )}
      {opened && (
        <Suspense fallback={null}>
          <AddTaskDialog open={adding} onOpenChange={setAdding} />
        </Suspense>
      )}
    </Card>
  );
}

/** WAI-ARIA tabs: arrow keys move between them, the chosen one's panel shows. */
function TaskTabs({
  tab,
  onTab,
  counts,
  children,
}: {
  tab: Tab;
  onTab: (tab: Tab) => void;
  counts: Record<Tab, number>;
  children: React.ReactNode;
}) {
  const id = useId();
  const tabs: Tab[] = ["today", "upcoming"];
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const next = tabs[(tabs.indexOf(tab) + 1) % tabs.length] as Tab;
    onTab(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  }
  return (
    <div>
      <div
        role="tablist"
        aria-label="Tasks by day"
        className="mb-3 grid grid-cols-2 gap-1 rounded-xl bg-stone-100 p-1"
      >
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => onTab(name)}
            onKeyDown={onKeyDown}
            className={cn(
              "inline-flex min-h-11 min-w-0 items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold sm:text-base",
              tab === name
                ? "bg-surface text-stone-900 shadow-sm"
                : "text-stone-700 hover:text-stone-900",
              focusRing,
            )}
          >
            <span className="min-w-0 text-center leading-tight">{TAB_TITLES[name]}</span>
            <Count n={counts[name]} />
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}-tab`}>
        {children}
      </div>
    </div>
  );
}
