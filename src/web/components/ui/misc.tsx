import type { ReactNode } from "react";
import { cn } from "../../lib/cn";

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
