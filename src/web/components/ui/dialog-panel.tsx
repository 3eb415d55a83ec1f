import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { focusRing } from "./button";

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  /** "sheet" slides in from the left, for the mobile menu. */
  variant?: "center" | "sheet";
  /** Spec: some dialogs cannot be closed while saving. */
  dismissible?: boolean;
}

/** The Radix dialog itself; pages use `Dialog` from ./dialog, which loads this on demand. */
export default function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  variant = "center",
  dismissible = true,
}: DialogProps) {
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => (dismissible || next ? onOpenChange(next) : undefined)}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-scrim/40" />
        <DialogPrimitive.Content
          className={cn(
            "fixed z-50 overflow-y-auto bg-surface shadow-lg inset-ring-1 inset-ring-white/10 focus:outline-none",
            variant === "center"
              ? "top-1/2 left-1/2 max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-[16px] p-6"
              : "inset-y-0 left-0 w-[85%] max-w-xs p-4",
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <DialogPrimitive.Title className="text-[22px] font-semibold text-stone-900">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close"
              disabled={!dismissible}
              className={cn(
                "-m-2 inline-flex size-11 items-center justify-center rounded-xl text-stone-700 hover:bg-stone-100",
                focusRing,
              )}
            >
              <X size={20} aria-hidden />
            </DialogPrimitive.Close>
          </div>
          {description && (
            <DialogPrimitive.Description className="mb-4 text-stone-700">
              {description}
            </DialogPrimitive.Description>
          )}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
