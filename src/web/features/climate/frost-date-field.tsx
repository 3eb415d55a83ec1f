import { useId } from "react";
import { daysInMonth } from "../../../core/climate/month-day";
import { MONTHS } from "../../../core/climate/verdict-words";
import { Select } from "../../components/ui/field";

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/** A day of the year as two selects; 0 is "not chosen". */
export interface DayOfYear {
  day: number;
  month: number;
}

/** Why a chosen day cannot be a frost date, in the gardener's words; null when it can. */
export function dayProblem({ day, month }: DayOfYear): string | null {
  if (!day || !month) return "Choose a day and a month.";
  const days = daysInMonth(month);
  if (day > days)
    return `${MONTHS[month - 1]} has ${days} days${month === 2 ? " (29 February is not in every year)" : ""}.`;
  return null;
}

/** "Last spring frost": a day and a month, with the reason under them when they cannot be one. */
export function FrostDateField({
  legend,
  value,
  onChange,
  error,
}: {
  legend: string;
  value: DayOfYear;
  onChange: (value: DayOfYear) => void;
  error: string | null;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-stone-700">{legend}</legend>
      <div className="grid grid-cols-[5.5rem_1fr] gap-2">
        <label className="sr-only" htmlFor={`${id}-day`}>
          Day
        </label>
        <Select
          id={`${id}-day`}
          value={value.day || ""}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange({ ...value, day: Number(e.target.value) })}
        >
          <option value="">Day</option>
          {DAYS.map((day) => (
            <option key={day} value={day}>
              {day}
            </option>
          ))}
        </Select>
        <label className="sr-only" htmlFor={`${id}-month`}>
          Month
        </label>
        <Select
          id={`${id}-month`}
          value={value.month || ""}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange({ ...value, month: Number(e.target.value) })}
        >
          <option value="">Month</option>
          {MONTHS.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-berry-fg">
          {error}
        </p>
      )}
    </fieldset>
  );
}
