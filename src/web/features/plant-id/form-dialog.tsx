import { ExternalLink } from "../../components/external-link";
import { MessageForm } from "../../components/message-form";
import { focusRing } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/misc";
import { cn } from "../../lib/cn";
import { useAppConfig } from "../../lib/use-app-config";

export type HelpForm = "report" | "contact";

const forms = {
  report: {
    title: "Report this issue",
    frameTitle: "Plant identification issue report form",
    intro:
      "Tell us which photo went wrong and what the plant really is, so identification improves.",
  },
  contact: {
    title: "Contact us",
    frameTitle: "Contact form",
    intro: "Questions about identifying plants, or anything else: we are happy to help.",
  },
} as const;

const linkClass = cn("font-semibold text-leaf-fg underline underline-offset-2", focusRing);

/**
 * Spec §2 Plant ID: the report-issue and contact-us modals, embedding the forms this server's
 * operator configured (BUG_REPORT_URL, CONTACT_FORM_URL). Without one the modal has Tendril's own
 * message form, which reaches the operator's inbox (issue 25).
 */
export function HelpFormDialog({ form, onClose }: { form: HelpForm | null; onClose: () => void }) {
  const { data: config, isPending } = useAppConfig();
  const copy = forms[form ?? "report"];
  const url = form === "contact" ? config?.links.contactForm : config?.links.bugReport;
  return (
    <Dialog
      open={form !== null}
      onOpenChange={(open) => !open && onClose()}
      title={copy.title}
      description={copy.intro}
    >
      {url ? (
        <div className="flex flex-col gap-3">
          <iframe
            title={copy.frameTitle}
            src={url}
            className="h-[60dvh] w-full rounded-xl border border-stone-300 bg-surface"
          />
          <ExternalLink href={url} className={cn("min-h-11 self-start", linkClass)}>
            Open the form in a new tab
          </ExternalLink>
        </div>
      ) : isPending ? (
        <Spinner label="Loading the form…" />
      ) : (
        <MessageForm
          kind={form === "contact" ? "contact" : "report"}
          messageLabel={form === "contact" ? "Message" : "What went wrong"}
        />
      )}
    </Dialog>
  );
}
