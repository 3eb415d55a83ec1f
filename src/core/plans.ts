/** Spec §6/§9: Free 50 messages per day, Pro up to 500 per day. */
export const PLAN_DAILY_LIMITS = { free: 50, pro: 500 } as const;
export type PlanId = keyof typeof PLAN_DAILY_LIMITS;

/** Start of the UTC day and month that contain `now`, and the next UTC midnight. */
export function quotaWindows(now: Date) {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return {
    dayStart: new Date(day).toISOString(),
    monthStart: new Date(month).toISOString(),
    resetsAt: new Date(day + 86_400_000).toISOString(),
  };
}
