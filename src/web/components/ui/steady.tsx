import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

/*
 * Content that keeps its size while it changes, so nothing around it moves (issue 27: a layout
 * shift budget of 0.05 on every signed-in page).
 */

/**
 * A button label that changes (Update, then Loading…) without changing the button's width, so
 * nothing beside it moves: every label shares one grid cell, which is as wide as the longest,
 * and only the current one shows. The others are hidden from assistive technology too.
 */
export function StableLabel({ current, labels }: { current: string; labels: readonly string[] }) {
  return (
    <span className="grid">
      {labels.map((label) => (
        <span
          key={label}
          aria-hidden={label === current ? undefined : true}
          className={cn("col-start-1 row-start-1", label !== current && "invisible")}
        >
          {label}
        </span>
      ))}
    </span>
  );
}

/**
 * Shows `children` (a load error, an offline notice) in at least the room of `placeholder`, the
 * skeleton they replace, so what comes below does not move up when a load fails: both share one
 * grid cell, the placeholder invisible. The message sits in the middle of a soft panel of that
 * size, which reads as the place of what could not be shown rather than as a gap.
 */
export function KeepRoom({
  placeholder,
  children,
}: {
  placeholder: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid rounded-xl bg-stone-100 *:col-start-1 *:row-start-1">
      <div aria-hidden className="invisible">
        {placeholder}
      </div>
      <div className="min-w-0 self-center p-3">{children}</div>
    </div>
  );
}
