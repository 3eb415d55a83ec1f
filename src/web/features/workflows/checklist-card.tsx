import { PartyPopper, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Workflow, WorkflowItem } from "../../../core/schemas/workflow";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { formatDay, fullDate, localToday } from "../../lib/format";
import { toast } from "../../lib/toast-store";
import { useRemoveWorkflow } from "./api/remove-workflow";
import { useToggleItem } from "./api/toggle-item";
import { progress } from "./checklist";

/**
 * Spec §2 Workflows: an active checklist with toggleable items (spec §4: done toggles true/false),
 * how far along it is, and Remove after a confirmation.
 */
export function ChecklistCard({ workflow }: { workflow: Workflow }) {
  const toggle = useToggleItem();
  const remove = useRemoveWorkflow();
  const [confirming, setConfirming] = useState(false);
  const { done, total } = progress(workflow);
  const titleId = `workflow-${workflow.id}-title`;
  const started = localToday(new Date(workflow.createdAt));

  async function removeIt() {
    try {
      await remove.mutateAsync(workflow.id);
      setConfirming(false);
      toast({ title: "Checklist removed", description: workflow.name });
    } catch {
      toast({
        title: "The checklist could not be removed",
        description: "Check your connection and try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <Card aria-labelledby={titleId}>
      <div className="mb-4 flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-[18px] font-semibold text-stone-900">
            {workflow.name}
          </h3>
          <p className="text-sm text-stone-700">
            Started <span title={fullDate(started)}>{formatDay(started)}</span>
          </p>
        </div>
        <Button variant="ghost" onClick={() => setConfirming(true)} className="-mr-2 shrink-0">
          <span className="inline-flex items-center gap-2 text-berry-fg">
            <Trash2 size={20} aria-hidden />
            Remove
          </span>
        </Button>
      </div>

      <div className="mb-4">
        <p className="mb-1.5 text-sm font-semibold text-stone-900 tabular-nums">
          {done} of {total} done
        </p>
        <div
          role="progressbar"
          aria-label={`${workflow.name} progress`}
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={`${done} of ${total} done`}
          className="h-2.5 overflow-hidden rounded-full bg-stone-100"
        >
          <div
            className="h-full rounded-full bg-leaf-500 transition-[width] duration-200 ease-out motion-reduce:transition-none"
            style={{ width: `${total ? (done / total) * 100 : 0}%` }}
          />
        </div>
      </div>

      <ul className="flex flex-col divide-y divide-stone-300">
        {workflow.items.map((item) => (
          <ChecklistItem
            key={item.id}
            item={item}
            onToggle={(done, settled) =>
              toggle.mutate(
                { workflowId: workflow.id, itemId: item.id, done },
                { onSettled: settled },
              )
            }
          />
        ))}
      </ul>

      {total > 0 && done === total && (
        <p className="mt-4 flex items-center gap-2 rounded-xl bg-leaf-100 p-3 font-semibold text-leaf-fg">
          <PartyPopper size={20} aria-hidden />
          All done. Well grown!
        </p>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove this checklist?"
        description={`“${workflow.name}” and the steps you ticked will be removed. This can't be undone.`}
        action="Remove"
        busyAction="Removing…"
        busy={remove.isPending}
        onConfirm={removeIt}
      />
    </Card>
  );
}

/**
 * One step. The box follows the click at once, in the same frame, and the stored state once the
 * server has answered (back as it was if it could not store it).
 */
function ChecklistItem({
  item,
  onToggle,
}: {
  item: WorkflowItem;
  onToggle: (done: boolean, settled: () => void) => void;
}) {
  const [clicked, setClicked] = useState<boolean | null>(null);
  const done = clicked ?? item.done;
  const id = `workflow-item-${item.id}`;
  return (
    <li>
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-start gap-3 py-3 has-focus-visible:rounded-xl has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-leaf-fg"
      >
        <input
          id={id}
          type="checkbox"
          aria-labelledby={`${id}-title`}
          aria-describedby={item.detail ? `${id}-detail` : undefined}
          checked={done}
          onChange={(e) => {
            const next = e.target.checked;
            setClicked(next);
            onToggle(next, () => setClicked((now) => (now === next ? null : now)));
          }}
          className="mt-0.5 size-5 shrink-0 cursor-pointer accent-leaf-700 focus-visible:outline-none"
        />
        <span className="min-w-0">
          <span
            id={`${id}-title`}
            className={
              done
                ? "block text-stone-700 line-through decoration-stone-500"
                : "block font-semibold text-stone-900"
            }
          >
            {item.title}
          </span>
          {item.detail && (
            <span id={`${id}-detail`} className="mt-0.5 block text-sm text-stone-700">
              {item.detail}
            </span>
          )}
        </span>
      </label>
    </li>
  );
}
