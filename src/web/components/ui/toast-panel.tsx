import * as ToastPrimitive from "@radix-ui/react-toast";
import { X } from "lucide-react";
import { cn } from "../../lib/cn";
import {
  dismissToast,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD,
  useToasts,
} from "../../lib/toast-store";
import { Button } from "./button";

const variants = {
  default: "border-stone-300 bg-surface text-stone-900",
  success: "border-leaf-500 bg-leaf-100 text-stone-900",
  destructive: "border-berry-600 bg-surface text-stone-900",
};

export function ToastPanel() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={cn(
            "flex items-start gap-3 rounded-[16px] border-2 p-4 shadow-md data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[state=closed]:opacity-0",
            variants[t.variant ?? "default"],
          )}
        >
          <div className="flex-1">
            <ToastPrimitive.Title className="font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="mt-1 text-sm text-stone-700">
                {t.description}
              </ToastPrimitive.Description>
            )}
          </div>
          {t.action && (
            <Button
              variant="secondary"
              size="sm"
              className="-my-1 min-h-11"
              onClick={() => {
                dismissToast(t.id);
                t.action?.onClick();
              }}
            >
              {t.action.label}
            </Button>
          )}
          <ToastPrimitive.Close
            aria-label="Dismiss"
            className="-m-1 inline-flex size-8 items-center justify-center rounded-lg hover:bg-stone-100"
          >
            <X size={16} aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      {/* Just below the header and any banner hanging under it (--header-bottom), where it hides a
          page's title rather than a button or the bottom bar; on wide screens in the top right
          corner. */}
      <ToastPrimitive.Viewport className="fixed top-[calc(var(--header-bottom,4rem)+0.5rem)] right-4 z-[60] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2 outline-none lg:top-[calc(var(--header-bottom,4rem)+1rem)] lg:right-20" />
    </ToastPrimitive.Provider>
  );
}
