import { Lock, ScanSearch } from "lucide-react";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";

/** Spec §8: what the disease check says until it exists. */
export const DISEASE_COMING_SOON = "Pro feature coming soon";

/**
 * Spec §2/§6: the disease check is a Pro feature that is not available yet ('coming soon').
 * /plant-id?tab=disease opens this tab; its action stays disabled and says why.
 */
export function DiseasePanel({ onIdentify }: { onIdentify: () => void }) {
  return (
    <Card aria-labelledby="disease-title" className="max-w-2xl">
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 id="disease-title" className="text-[22px] font-semibold text-stone-900">
          Check for disease (Pro)
        </h2>
        <span className="rounded-full bg-sun-500 px-3 py-1 text-sm font-semibold text-ink">
          Coming soon
        </span>
      </div>
      <p className="font-semibold text-stone-900">{DISEASE_COMING_SOON}.</p>
      <p className="mt-2 text-stone-700">
        The disease check will look at a photo of the affected leaves and name likely diseases and
        pests, with what to do about them. It is not available yet.
      </p>
      <p className="mt-2 text-stone-700">
        Until then, identify your plant and describe what you see under “Any problems?”: the
        assistant suggests likely causes and fixes.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start">
        <div className="flex flex-col gap-1">
          <Button disabled aria-describedby="disease-why" className="whitespace-nowrap">
            <Lock size={20} aria-hidden />
            Check for disease (Pro)
          </Button>
          <span id="disease-why" className="text-sm text-stone-700">
            Coming soon
          </span>
        </div>
        <Button variant="secondary" onClick={onIdentify} className="whitespace-nowrap">
          <ScanSearch size={20} aria-hidden />
          Identify a plant instead
        </Button>
      </div>
    </Card>
  );
}
