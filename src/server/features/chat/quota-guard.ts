import type { Quota } from "../../../core/schemas/app-config";
import { AppError } from "../../errors";

const PLAN_NAMES = { free: "Free", pro: "Pro" } as const;

function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

/** 429 quota_exceeded naming the limit and when it resets (API.md), with Retry-After. */
export function quotaExceeded(quota: Quota, now = Date.now()): AppError {
  const wait = Date.parse(quota.resetsAt) - now;
  const upgrade = quota.plan === "free" ? " The Pro plan allows 500 a day: see Plans." : "";
  return new AppError(
    429,
    "quota_exceeded",
    `You have used all ${quota.dailyLimit} messages of the ${PLAN_NAMES[quota.plan]} plan today. ` +
      `The limit resets at ${quota.resetsAt.slice(11, 16)} UTC (in ${inWords(wait)}).${upgrade}`,
    undefined,
    { "retry-after": String(Math.max(1, Math.ceil(wait / 1000))) },
  );
}
