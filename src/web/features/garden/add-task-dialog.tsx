import { useState } from "react";
import { normalizeRepeat } from "../../../core/garden/tasks";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field, Input, Select } from "../../components/ui/field";
import { useAuth } from "../../lib/auth-context";
import { formatDay, localToday } from "../../lib/format";
import { useAddTask, usePlants } from "../../lib/garden-api";

/** Add Task (spec §5). From a plant's page the task is that plant's; from My Tasks, any or none. */
export function AddTaskDialog({
  open,
  onOpenChange,
  plantId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plantId?: string;
}) {
  const { status } = useAuth();
  const addTask = useAddTask();
  const plants = usePlants(status === "signed-in" && !plantId);
  const activePlants = (plants.data ?? []).filter((p) => p.status === "active");
  const [chosenPlant, setChosenPlant] = useState("");
  const [title, setTitle] = useState("");
  const [dueDate, setDueDate] = useState(localToday);
  const [repeat, setRepeat] = useState("");
  const repeatDays = normalizeRepeat(repeat);
  const repeatError =
    repeat.trim() && repeatDays === null ? "Use a whole number of days, 1 or more." : undefined;
  // Spec §5 Add Task: enabled only with a title, a due date and a signed-in user.
  const ready = status === "signed-in" && title.trim() && dueDate;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready) return;
    try {
      await addTask.mutateAsync({
        title: title.trim(),
        dueDate,
        plantId: plantId ?? (chosenPlant || null),
        repeatEveryDays: repeatDays,
      });
      setTitle("");
      setRepeat("");
      setChosenPlant("");
      setDueDate(localToday());
      onOpenChange(false);
    } catch {
      // the toast says why; keep what was typed
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add task"
      dismissible={!addTask.isPending}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Title">
          {(props) => (
            <Input
              {...props}
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </Field>
        <Field label="Due date">
          {(props) => (
            <Input
              {...props}
              type="date"
              required
              value={dueDate}
              onChange={(e) => setDueDate(e.target.value)}
            />
          )}
        </Field>
        {!plantId && activePlants.length > 0 && (
          <Field label="Plant (optional)">
            {(props) => (
              <Select
                {...props}
                value={chosenPlant}
                onChange={(e) => setChosenPlant(e.target.value)}
              >
                <option value="">No plant</option>
                {activePlants.map((p) => (
                  <option key={p.id} value={p.id}>
                    {/* Two plants of one name are told apart by when they were planted. */}
                    {activePlants.some((o) => o !== p && o.name === p.name)
                      ? `${p.name} (planted ${formatDay(p.plantingDate)})`
                      : p.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field label="Repeat every (days, optional)" error={repeatError}>
          {(props) => (
            <Input
              {...props}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={repeat}
              onChange={(e) => setRepeat(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={!ready || addTask.isPending}>
          {addTask.isPending ? "Adding…" : "Add"}
        </Button>
      </form>
    </Dialog>
  );
}
