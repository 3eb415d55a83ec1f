import { MessageSquareHeart } from "lucide-react";
import { useState } from "react";
import { focusRing } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { useAppConfig } from "../use-app-config";

export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const { data: config } = useAppConfig();
  const form = config?.links.feedbackForm;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={cn(
          "fixed right-4 bottom-20 z-10 inline-flex size-12 items-center justify-center gap-2 rounded-full bg-soil-700 font-semibold text-white shadow-md hover:bg-[#5a4126] lg:bottom-6 lg:h-11 lg:w-auto lg:px-4",
          focusRing,
        )}
      >
        <MessageSquareHeart size={20} aria-hidden />
        <span className="sr-only lg:not-sr-only">Feedback</span>
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Send Feedback">
        {form ? (
          <iframe
            title="Feedback form"
            src={form}
            className="h-[60dvh] w-full rounded-xl border border-stone-300"
          />
        ) : (
          <p className="text-stone-700">
            The feedback form is not set up on this server yet. Tell whoever runs your Tendril what
            you think, or use the Contact page.
          </p>
        )}
      </Dialog>
    </>
  );
}
