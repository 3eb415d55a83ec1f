import { MessageSquareHeart } from "lucide-react";
import { useSyncExternalStore } from "react";
import { MessageForm } from "../../components/message-form";
import { focusRing } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { useAppConfig } from "../../lib/use-app-config";

// One Send Feedback dialog for the page, opened from the desktop tab or the phone's menu.
let open = false;
const listeners = new Set<() => void>();
function setOpen(next: boolean) {
  open = next;
  for (const listener of listeners) listener();
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the Send Feedback dialog (the phone's menu item calls it). */
export const openFeedback = () => setOpen(true);

/**
 * Spec §2's floating Feedback button. On wide screens it is a tab on the right edge, beside the
 * page rather than over it (the layout keeps that strip free), so it never covers a card or a
 * Done button. Phones have no room beside the page: there it is an item of the slide-out menu.
 */
export function FeedbackButton() {
  const isOpen = useSyncExternalStore(subscribe, () => open);
  const { data: config } = useAppConfig();
  const form = config?.links.feedbackForm;
  return (
    <>
      <button
        type="button"
        onClick={openFeedback}
        className={cn(
          "fixed top-1/2 right-0 z-10 hidden -translate-y-1/2 items-center gap-2 rounded-l-xl bg-soil-700 px-2.5 py-4 font-semibold text-white shadow-md [writing-mode:vertical-rl] hover:bg-[#5a4126] lg:inline-flex",
          focusRing,
        )}
      >
        <MessageSquareHeart size={20} aria-hidden className="rotate-90" />
        Feedback
      </button>
      <Dialog open={isOpen} onOpenChange={setOpen} title="Send Feedback">
        {form ? (
          <iframe
            title="Feedback form"
            src={form}
            className="h-[60dvh] w-full rounded-xl border border-stone-300"
          />
        ) : (
          // No external form set: Tendril's own, which reaches the operator's inbox (issue 25).
          <MessageForm kind="feedback" messageLabel="Your feedback" submitLabel="Send feedback" />
        )}
      </Dialog>
    </>
  );
}
