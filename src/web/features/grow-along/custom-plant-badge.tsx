import { ExternalLink } from "../../components/external-link";
import { focusRing } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useAppConfig } from "../../lib/use-app-config";

/**
 * Spec §2 Grow Along: a 'Custom Plant' badge with a 'Request Plant Support' link (this server's
 * configured form) for a plant Tendril does not know. Without a form, it says what that means.
 */
export function CustomPlantBadge({ className }: { className?: string }) {
  const config = useAppConfig();
  const form = config.data?.links.plantSupport;
  return (
    <div className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-sm", className)}>
      <span className="inline-flex rounded-full border border-soil-700 bg-stone-100 px-2.5 py-0.5 font-semibold text-soil-fg">
        Custom Plant
      </span>
      {form ? (
        <ExternalLink
          href={form}
          className={cn(
            "min-h-11 rounded font-semibold text-leaf-fg underline underline-offset-2",
            focusRing,
          )}
        >
          Request Plant Support
        </ExternalLink>
      ) : (
        <span className="text-stone-700">Not in our catalogue: the guide uses general care.</span>
      )}
    </div>
  );
}
