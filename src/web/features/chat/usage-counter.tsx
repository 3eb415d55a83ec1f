import { CalendarDays } from "lucide-react";
import { dateFormat } from "../../lib/format";

const resetTime = dateFormat({ hour: "numeric", minute: "2-digit" });

/**
 * Spec §2/§9: 'This month: n' — the messages sent this month (the server's count when signed
 * in, this browser's monthly counter when not). Signed in, also today's messages against the
 * plan's daily limit, both from the server, so the gardener sees how many are left today.
 */
export function UsageCounter({
  count,
  today,
}: {
  count: number | null;
  today?: { used: number; limit: number; resetsAt: string } | undefined;
}) {
  return (
    <p className="inline-flex min-h-9 shrink-0 flex-col items-end justify-center rounded-xl bg-surface px-3 py-1 text-xs leading-tight font-semibold whitespace-nowrap text-stone-700 ring-1 ring-stone-300 sm:flex-row sm:items-center sm:gap-1.5 sm:rounded-full sm:text-sm">
      <CalendarDays size={16} aria-hidden className="hidden text-leaf-fg sm:block" />
      <span className="tabular-nums" title="Messages you sent this month">
        This month: {count ?? "…"}
      </span>
      {today && (
        <>
          <span aria-hidden className="hidden text-stone-500 sm:inline">
            ·
          </span>
          <span
            className="tabular-nums"
            title={`Your plan's daily limit starts again at ${resetTime(new Date(today.resetsAt))}`}
          >
            {today.used} of {today.limit} today
          </span>
        </>
      )}
    </p>
  );
}
