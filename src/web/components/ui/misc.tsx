import { RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { type LoadFailureWords, loadFailure } from "../../lib/load-failure";
import { Button } from "./button";
import { StableLabel } from "./steady";

const RETRY_LABELS = ["Retry", "Retrying…"] as const;

export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-stone-700">
      <span
        aria-hidden
        className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-leaf-fg motion-reduce:animate-none"
      />
      {label}
    </span>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden
      className={cn("animate-pulse rounded-xl bg-stone-100 motion-reduce:animate-none", className)}
    />
  );
}

/** A page's outline while its code or data loads: a title and two cards. */
export function PageSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading…">
      <Skeleton className="mb-6 h-9 w-56 max-w-full" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-[28px] font-semibold text-stone-900">{title}</h1>
      {children}
    </header>
  );
}

export function Alert({
  tone = "info",
  children,
}: {
  tone?: "info" | "error" | "success";
  children: ReactNode;
}) {
  const tones = {
    info: "border-sky-500 bg-surface",
    error: "border-berry-600 bg-surface",
    success: "border-leaf-500 bg-leaf-100",
  };
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-xl border-l-4 p-3 text-stone-900", tones[tone])}
    >
      {children}
    </div>
  );
}

/**
 * A card's loading error (STYLE: what went wrong, what to do, a retry). Being offline is not an
 * error the gardener caused or can fix here, so it reads as information.
 */
export function LoadError({
  title,
  detail,
  offline = false,
  onRetry,
  retrying = false,
}: {
  title: string;
  detail: ReactNode;
  offline?: boolean;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert tone={offline ? "info" : "error"}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <p className="font-semibold break-words">{title}</p>
          <p className="text-sm break-words text-stone-700">{detail}</p>
        </div>
        <Button size="sm" variant="secondary" onClick={onRetry} disabled={retrying}>
          <RotateCw size={16} aria-hidden />
          <StableLabel current={retrying ? "Retrying…" : "Retry"} labels={RETRY_LABELS} />
        </Button>
      </div>
    </Alert>
  );
}

/**
 * A card's loading error from the error itself: offline, Tendril unreachable, not found, an outside
 * service down or the server failing, each in its own words (`loadFailure`); `notFoundDetail`
 * replaces the detail when the thing asked for does not exist.
 */
export function FailedLoad({
  error,
  words,
  notFoundDetail,
  onRetry,
  retrying = false,
}: {
  error: unknown;
  words: LoadFailureWords;
  notFoundDetail?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  const failure = loadFailure(error, words);
  return (
    <LoadError
      offline={failure.kind === "offline"}
      title={failure.title}
      detail={failure.kind === "not-found" && notFoundDetail ? notFoundDetail : failure.detail}
      onRetry={onRetry}
      retrying={retrying}
    />
  );
}

/** A section's load failure: what went wrong and a retry. */
export function SectionError({ text, retry }: { text: string; retry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert tone="error">{text}</Alert>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
}
