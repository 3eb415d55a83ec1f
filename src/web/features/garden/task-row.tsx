import { Check } from "lucide-react";
import { relativeDay } from "../../../core/garden/stage-emoji";
import type { Task } from "../../../core/garden/tasks";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { formatDay, localToday } from "../../lib/format";
import { useCompleteTask } from "./api";

export function TaskRow({
  task,
  plantName,
  label = "Done",
}: {
  task: Task;
  plantName?: string | undefined;
  label?: string;
}) {
  const complete = useCompleteTask();
  const today = localToday();
  const overdue = !!task.dueDate && task.dueDate < today;
  return (
    <li className="flex items-center gap-3 rounded-xl bg-stone-100 p-3">
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-stone-900">{task.title}</p>
        <p className={cn("text-sm", overdue ? "font-semibold text-berry-fg" : "text-stone-700")}>
          {plantName ? `${plantName} · ` : ""}
          {task.dueDate ? (
            <span title={formatDay(task.dueDate)}>{relativeDay(task.dueDate, today)}</span>
          ) : (
            "No due date"
          )}
          {task.repeatEveryDays
            ? ` · every ${task.repeatEveryDays} ${task.repeatEveryDays === 1 ? "day" : "days"}`
            : ""}
        </p>
      </div>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => complete.mutate(task)}
        disabled={complete.isPending}
        aria-label={`${label}: ${task.title}`}
      >
        <Check size={18} aria-hidden />
        {label}
      </Button>
    </li>
  );
}
