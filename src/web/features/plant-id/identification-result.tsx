import { ChevronDown, Sparkles } from "lucide-react";
import { useId, useState } from "react";
import {
  COMMON_NAMES_SHOWN,
  type Identification,
  type IdentificationEngine,
  SUGGESTIONS_KEPT,
} from "../../../core/schemas/identification";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { ReplyMarkdown } from "../../components/ui/markdown";
import { Skeleton } from "../../components/ui/misc";
import { cn } from "../../lib/cn";
import { useCare } from "./api/get-care";
import { useIdentificationSummary } from "./api/reframe-identification";
import { careRows, DETAIL_FIELDS, SUMMARY_FIELDS } from "./care";
import { formatConfidence, isLowConfidence } from "./confidence";

export const NOT_RECOGNISED = "❌ Sorry, I couldn't recognise this plant.";
export const RETAKE_HINT = "👉 Try retaking the photo with more focus on leaves or flowers.";
export const LOW_CONFIDENCE = "⚠️ Low confidence identification";
export const NO_EXTRA_DETAILS = "No extra details available yet.";

const engineLabels: Record<IdentificationEngine, string> = {
  offline: "Tendril's offline model",
  "plant.id": "Plant.id",
  plantnet: "Pl@ntNet",
};

/** Spec §8 Plant ID: the failure banner, or the low-confidence one below 0.7, or nothing. */
export function ResultBanner({
  identification,
  onReport,
}: {
  identification: Pick<Identification, "recognised" | "confidence">;
  onReport: () => void;
}) {
  if (!identification.recognised)
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-xl border-l-4 border-berry-600 bg-surface p-4 text-stone-900 inset-ring-1 inset-ring-stone-300"
      >
        <div>
          <p className="font-semibold">{NOT_RECOGNISED}</p>
          <p className="mt-1">{RETAKE_HINT}</p>
        </div>
        <Button variant="secondary" onClick={onReport} className="self-start">
          Report this issue
        </Button>
      </div>
    );
  if (isLowConfidence(identification.confidence))
    return (
      <div
        role="status"
        className="rounded-xl border-l-4 border-sun-500 bg-surface p-4 text-stone-900 inset-ring-1 inset-ring-stone-300"
      >
        <p className="font-semibold">{LOW_CONFIDENCE}</p>
        <p className="mt-1 text-stone-700">
          This is the closest match, but it may be wrong. Compare it with the other possibilities,
          or try a sharper photo of the leaves or flowers.
        </p>
      </div>
    );
  return null;
}

/** Spec §2: the AI Summary. Spec §8: when it fails, nothing shows. */
export function AiSummary({ identification }: { identification: Identification }) {
  const summary = useIdentificationSummary(identification);
  if (summary.isPending)
    return (
      <Card aria-busy="true" aria-labelledby="summary-title">
        <CardTitle>
          <span id="summary-title" className="inline-flex items-center gap-2">
            <Sparkles size={20} aria-hidden className="text-leaf-fg" />
            AI Summary
          </span>
        </CardTitle>
        <span className="sr-only">Writing a summary…</span>
        <div className="flex flex-col gap-2">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </Card>
    );
  if (!summary.data) return null;
  return (
    <Card aria-labelledby="summary-title">
      <CardTitle>
        <span id="summary-title" className="inline-flex items-center gap-2">
          <Sparkles size={20} aria-hidden className="text-leaf-fg" />
          AI Summary
        </span>
      </CardTitle>
      <div className="text-stone-900">
        <ReplyMarkdown text={summary.data} />
      </div>
    </Card>
  );
}

function ConfidenceMeter({ confidence }: { confidence: number }) {
  const percent = formatConfidence(confidence);
  const low = isLowConfidence(confidence);
  return (
    <div className="mt-3">
      <p className="text-sm text-stone-700">
        Confidence <span className="font-semibold text-stone-900 tabular-nums">{percent}</span>
        {low && <span className="text-stone-700"> (low)</span>}
      </p>
      <div aria-hidden className="mt-1 h-2 max-w-xs overflow-hidden rounded-full bg-stone-100">
        <div
          className={cn("h-full rounded-full", low ? "bg-sun-500" : "bg-leaf-500")}
          style={{ width: `${Math.min(1, Math.max(0, confidence)) * 100}%` }}
        />
      </div>
    </div>
  );
}

/** The care summary from the catalogue and the 'More care details' toggle (spec §2, §8). */
function CareSection({ identification }: { identification: Identification }) {
  const care = useCare([identification.plantName, identification.scientificName]);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  if (care.isLoading)
    return (
      <div className="mt-4 flex flex-col gap-2 border-t border-stone-300 pt-4" aria-busy="true">
        <span className="sr-only">Looking up care…</span>
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-full" />
      </div>
    );
  const summary = careRows(care.data, SUMMARY_FIELDS);
  const details = careRows(care.data, DETAIL_FIELDS);
  return (
    <div className="mt-4 border-t border-stone-300 pt-4">
      {summary.length > 0 && (
        <>
          <h3 className="mb-2 font-semibold text-stone-900">Care summary</h3>
          <CareList rows={summary} />
        </>
      )}
      <Button
        variant="ghost"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((o) => !o)}
        className={cn("-ml-2", summary.length > 0 && "mt-2")}
      >
        More care details
        <ChevronDown
          size={20}
          aria-hidden
          className={cn("transition-transform duration-150", open && "rotate-180")}
        />
      </Button>
      <div id={detailsId} hidden={!open} className="mt-2">
        {details.length > 0 ? (
          <CareList rows={details} />
        ) : (
          <p className="text-stone-700">{NO_EXTRA_DETAILS}</p>
        )}
      </div>
    </div>
  );
}

function CareList({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map((row) => (
        <div key={row.label} className="rounded-xl bg-stone-100 p-3">
          <dt className="text-sm font-semibold text-stone-700">{row.label}</dt>
          <dd className="text-stone-900">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The runners-up, compactly: scientific name, a common name, confidence. */
export function OtherSuggestions({ identification }: { identification: Identification }) {
  const others = identification.suggestions
    .filter((s) => s.scientificName !== identification.scientificName)
    .slice(0, SUGGESTIONS_KEPT);
  if (others.length === 0) return null;
  return (
    <div className="mt-4 border-t border-stone-300 pt-4">
      <h3 className="mb-1 font-semibold text-stone-900">Other possibilities</h3>
      <ul className="divide-y divide-stone-300">
        {others.map((s) => (
          <li
            key={s.scientificName}
            className="flex items-baseline justify-between gap-3 py-2 text-sm"
          >
            <span className="min-w-0">
              <span className="text-stone-900 italic">{s.scientificName}</span>
              {s.commonNames[0] && <span className="text-stone-700"> · {s.commonNames[0]}</span>}
            </span>
            <span className="shrink-0 text-stone-700 tabular-nums">
              {formatConfidence(s.confidence)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Spec §2: names, confidence, up to 5 common names, the image and the care summary. */
export function ResultCard({ identification }: { identification: Identification }) {
  const commonNames = identification.commonNames.slice(0, COMMON_NAMES_SHOWN);
  return (
    <Card aria-labelledby="result-name">
      <div className="flex gap-4">
        <img
          src={identification.imageUrl}
          alt={`Your ${identification.plantName}`}
          width={160}
          height={160}
          className="size-24 shrink-0 rounded-xl bg-stone-100 object-cover sm:size-40"
        />
        <div className="min-w-0 flex-1">
          <h2 id="result-name" className="text-[22px] font-semibold text-stone-900">
            {identification.plantName}
          </h2>
          {identification.scientificName &&
            identification.scientificName !== identification.plantName && (
              <p className="text-stone-700 italic">{identification.scientificName}</p>
            )}
          <ConfidenceMeter confidence={identification.confidence} />
          {commonNames.length > 0 && (
            <div className="mt-3">
              <h3 className="text-sm font-semibold text-stone-700">Common names</h3>
              <ul className="mt-1 flex flex-wrap gap-2">
                {commonNames.map((name) => (
                  <li
                    key={name}
                    className="rounded-full bg-leaf-100 px-3 py-1 text-sm text-stone-900"
                  >
                    {name}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <p className="mt-3 text-sm text-stone-700">
            Identified by {engineLabels[identification.engine] ?? identification.engine}
          </p>
        </div>
      </div>
      <CareSection identification={identification} />
      <OtherSuggestions identification={identification} />
    </Card>
  );
}
