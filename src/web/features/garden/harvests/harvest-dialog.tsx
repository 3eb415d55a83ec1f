import { useState } from "react";
import {
  displayUnitOf,
  fromGrams,
  type Units,
  type WeightUnit,
  weightUnitsFor,
} from "../../../../core/garden/harvests";
import { type Harvest, harvestWeightSchema } from "../../../../core/schemas/harvest";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Input, Select, Textarea } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { localToday } from "../../../lib/format";
import type { HarvestInput } from "../../../lib/harvests-api";
import { PHOTO_NOTE, photoProblem } from "../../../lib/photo";
import { toast } from "../../../lib/toast-store";

/** A decimal as typed ("1,5" too), or null when blank; NaN when it is not a number. */
function typedNumber(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? null : Number(trimmed);
}

/**
 * "Log harvest" (issue 26), and the same form to change one. Weight in the gardener's units (g or
 * kg, oz or lb), a count, or both; a note and a photo if they like.
 */
export function HarvestDialog({
  open,
  onOpenChange,
  title,
  units,
  harvest,
  busy,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  units: Units;
  /** The harvest being changed; absent when logging a new one. */
  harvest?: Harvest;
  busy: boolean;
  onSave: (input: HarvestInput, photo: File | null) => Promise<unknown>;
}) {
  const choices = weightUnitsFor(units);
  const startUnit = harvest?.weightG != null ? displayUnitOf(harvest.weightG, units) : choices[0];
  const [date, setDate] = useState(harvest?.date ?? localToday());
  const [unit, setUnit] = useState<WeightUnit>(startUnit);
  const [weight, setWeight] = useState(
    harvest?.weightG != null ? String(fromGrams(harvest.weightG, startUnit)) : "",
  );
  const [count, setCount] = useState(harvest?.count != null ? String(harvest.count) : "");
  const [note, setNote] = useState(harvest?.note ?? "");
  const [photo, setPhoto] = useState<File | null>(null);

  const weightValue = typedNumber(weight);
  const countValue = typedNumber(count);
  // The server's own check: what it keeps (to a tenth of a gram) must be a weight.
  const weightError =
    weightValue === null
      ? undefined
      : harvestWeightSchema.safeParse({ value: weightValue, unit }).error?.issues[0]?.message;
  const countError =
    countValue !== null && !(Number.isInteger(countValue) && countValue > 0)
      ? "Enter a whole number, 1 or more, or leave it blank."
      : undefined;
  const photoError = photo ? (photoProblem(photo) ?? undefined) : undefined;
  const empty = weightValue === null && countValue === null;
  const reason = !date
    ? "Choose the day you picked it."
    : empty
      ? "Enter a weight, a count, or both."
      : null;
  const ready = !reason && !weightError && !countError && !photoError;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready) return;
    try {
      await onSave(
        {
          date,
          weight: weightValue === null ? null : { value: weightValue, unit },
          count: countValue,
          note: note.trim() || null,
        },
        photo,
      );
      onOpenChange(false);
    } catch (error) {
      toast({
        title: "The harvest could not be saved",
        description: errorMessage(error, "Check your connection and try again."),
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} dismissible={!busy}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Date picked">
          {(props) => (
            <Input
              {...props}
              type="date"
              required
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          )}
        </Field>
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <Field label="Weight (optional)" error={weightError}>
              {(props) => (
                <Input
                  {...props}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  value={weight}
                  onChange={(e) => setWeight(e.target.value)}
                />
              )}
            </Field>
          </div>
          <div className="w-24">
            <Field label="Unit">
              {(props) => (
                <Select
                  {...props}
                  value={unit}
                  onChange={(e) => setUnit(e.target.value as WeightUnit)}
                >
                  {choices.map((u) => (
                    <option key={u} value={u}>
                      {u}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        </div>
        <Field
          label="Count (optional)"
          hint="How many you picked: fruits, heads, bunches…"
          error={countError}
        >
          {(props) => (
            <Input
              {...props}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={count}
              onChange={(e) => setCount(e.target.value)}
            />
          )}
        </Field>
        <Field label="Note (optional)">
          {(props) => (
            <Textarea
              {...props}
              rows={2}
              maxLength={5000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <Field
          label={harvest?.imageUrl ? "Replace photo (optional)" : "Photo (optional)"}
          hint={PHOTO_NOTE}
          error={photoError}
        >
          {(props) => (
            <Input
              {...props}
              type="file"
              accept="image/*"
              className="py-2"
              onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            />
          )}
        </Field>
        {reason && <p className="text-sm text-stone-700">{reason}</p>}
        <Button type="submit" disabled={!ready || busy}>
          {busy ? "Saving…" : "Save harvest"}
        </Button>
      </form>
    </Dialog>
  );
}
