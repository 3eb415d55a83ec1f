import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

/**
 * An on/off setting: a label and description beside a switch that also says "On" or "Off" in
 * words (STYLE: never state by colour alone). The whole control is a 44 px target.
 */
export function Switch({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
  busy,
}: {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** Saving: the switch shows the new state but cannot be pressed again yet. */
  busy?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="font-semibold text-stone-900">
          {label}
        </span>
        {description && (
          <div id={`${id}-description`} className="mt-0.5 text-sm text-stone-700">
            {description}
          </div>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-busy={busy || undefined}
        disabled={disabled}
        // Busy stays focusable (a disabled button would drop keyboard focus mid-save).
        onClick={() => (busy ? undefined : onCheckedChange(!checked))}
        className={cn(
          "inline-flex min-h-11 shrink-0 items-center gap-2 rounded-xl px-1 text-sm font-semibold text-stone-900 disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress",
          focusRing,
        )}
      >
        <span className="w-7 text-right" aria-hidden>
          {checked ? "On" : "Off"}
        </span>
        <span
          aria-hidden
          className={cn(
            "relative inline-flex h-7 w-12 items-center rounded-full border-2 transition-colors duration-150 ease-out motion-reduce:transition-none",
            checked ? "border-leaf-700 bg-leaf-700" : "border-stone-500 bg-stone-100",
          )}
        >
          <span
            className={cn(
              "absolute size-5 rounded-full transition-transform duration-150 ease-out motion-reduce:transition-none",
              checked ? "translate-x-5.5 bg-white" : "translate-x-0.5 bg-stone-500",
            )}
          />
        </span>
      </button>
    </div>
  );
}
