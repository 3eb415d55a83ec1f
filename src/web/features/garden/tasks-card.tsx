import { Plus } from "lucide-react";
import { useState } from "react";
import { groupTasks } from "../../../core/garden/tasks";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert, Skeleton } from "../../components/ui/misc";
import { localToday } from "../../lib/format";
import { useAuth } from "../auth/auth-context";
import { AddTaskDialog } from "./add-task-dialog";
import { usePendingTasks, usePlants } from "./api";
import { TaskRow } from "./task-row";

export function TasksCard() {
  const { status } = useAuth();
  const tasks = usePendingTasks();
  const plants = usePlants();
  const [adding, setAdding] = useState(false);
  const names = new Map((plants.data ?? []).map((p) => [p.id, p.name]));
  const groups = tasks.data ? groupTasks(tasks.data, localToday()) : null;
  const sections = groups
    ? ([
        ["Overdue", groups.overdue],
        ["Today", groups.today],
        ["Upcoming (7 days)", groups.upcoming],
      ] as const)
    : [];
  const empty = groups && sections.every(([, list]) => list.length === 0);

  return (
    <Card aria-labelledby="tasks-title">
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
        <Alert tone="error">
          Your tasks could not be loaded. Check your connection and reload.
        </Alert>
      ) : !groups ? (
        <Skeleton className="h-32" />
      ) : empty ? (
        <p className="text-stone-700">
          No tasks due. Add a plant to auto-schedule watering/feeding.
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          {sections.map(([title, list]) =>
            list.length === 0 ? null : (
              <section key={title} aria-label={title}>
                <h3
                  className={
                    title === "Overdue"
                      ? "mb-2 font-semibold text-berry-fg"
                      : "mb-2 font-semibold text-stone-900"
                  }
                >
                  {title} <span className="font-normal text-stone-700">({list.length})</span>
                </h3>
                <ul className="flex flex-col gap-2">
                  {list.map((task) => (
                    <TaskRow
                      key={task.id}
                      task={task}
                      plantName={task.plantId ? names.get(task.plantId) : undefined}
                    />
                  ))}
                </ul>
              </section>
            ),
          )}
        </div>
      )}
      <AddTaskDialog open={adding} onOpenChange={setAdding} />
    </Card>
  );
}
