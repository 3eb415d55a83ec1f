import { Check } from "lucide-react";
import { memo } from "react";
import { relativeDay } from "../../../core/garden/stage-emoji";
import { repeatPhrase, type Task } from "../../../core/garden/tasks";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { formatDay, localToday } from "../../lib/format";
import { useCompleteTask } from "../../lib/garden-api";
import { SkipNote } from "./skip-note";

// Memoised: when one answer comes in, rows whose task, plant name and day are unchanged skip
// their render (issue 27). `today` is a prop so a row still turns overdue after midnight.
export const TaskRow = memo(function TaskRow({
  task,
  plantName,
  label = "Done",
  today = localToday(),
}: {
  task: Task;
  plantName?: string | undefined;
  label?: string;
  today?: string;
}) {
  const complete = useCompleteTask();
  const overdue = !!task.dueDate && task.dueDate < today;
  return (
    // On a phone the title takes the whole first line and Done sits beside the date, so a long
    // title is not squeezed to a word per line beside the button.
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-xl bg-stone-100 p-3">
      <p className="col-span-2 font-semibold break-words text-stone-900 sm:col-span-1">
        {task.title}
      </p>
      <p
        className={cn(
          "col-start-1 min-w-0 text-sm break-words",
          overdue ? "font-semibold text-berry-fg" : "text-stone-700",
        )}
      >
        {plantName ? `${plantName} · ` : ""}
        {task.dueDate ? (
          <span title={formatDay(task.dueDate)}>{relativeDay(task.dueDate, today)}</span>
        ) : (
          "No due date"
        )}
        {task.repeatEveryDays ? ` · ${repeatPhrase(task.repeatEveryDays)}` : ""}
      </p>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => complete.mutate(task)}
        disabled={complete.isPending}
        aria-label={`${label}: ${task.title}`}
        className="col-start-2 row-start-2 min-h-11 sm:row-span-2 sm:row-start-1"
      >
        <Check size={18} aria-hidden />
        {label}
      </Button>
      {task.skip && <SkipNote task={task} skip={task.skip} />}
    </li>
  );
});
