import { ExternalLink as ExternalIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../lib/cn";

/** Spec §2: external links open in a new tab, without giving the new page a handle on ours. */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn("inline-flex items-center gap-2", className)}
    >
      {children}
      <ExternalIcon size={14} aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
