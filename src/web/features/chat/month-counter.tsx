import { CalendarDays } from "lucide-react";

/**
 * Spec §2/§9: 'This month: n' — the messages sent this month (the server's count when signed
 * in, this browser's monthly counter when not).
 */
export function MonthCounter({ count }: { count: number | null }) {
  return (
    <p
      className="inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full bg-surface px-3 text-xs font-semibold whitespace-nowrap text-stone-700 ring-1 ring-stone-300 sm:text-sm"
      title="Messages you sent this month"
    >
      <CalendarDays size={16} aria-hidden className="hidden text-leaf-fg sm:block" />
      <span className="tabular-nums">This month: {count ?? "…"}</span>
    </p>
  );
}
