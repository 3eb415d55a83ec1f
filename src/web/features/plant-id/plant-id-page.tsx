import { Leaf, LifeBuoy, MessageSquare, ScanSearch, Stethoscope } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import type { Identification } from "../../../core/schemas/identification";
import { Button, focusRing } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/misc";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { photoProblem, photoUploadError } from "../../lib/photo";
import { IDENTIFY_FAILED, useIdentifyPlant } from "./api/identify-plant";
import { DiseasePanel } from "./disease-panel";
import { type HelpForm, HelpFormDialog } from "./form-dialog";
import { AiSummary, ResultBanner, ResultCard } from "./identification-result";
import { IssueCheck } from "./issue-check";
import { PhotoPicker } from "./photo-picker";
import { PhotoTips } from "./photo-tips";
import { RecentIdentifications } from "./recent-identifications";
import { SaveCard } from "./save-card";

type Tab = "identify" | "disease";

const tabs: { id: Tab; label: string; note?: string; icon: typeof Leaf }[] = [
  { id: "identify", label: "Identify Plant", icon: ScanSearch },
  { id: "disease", label: "Check for disease (Pro)", note: "Coming soon", icon: Stethoscope },
];

/** Spec §2 Plant ID (/plant-id; /plant-id?tab=disease is the Disease Check tab). */
export function PlantIdPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "disease" ? "disease" : "identify";
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ identify: null, disease: null });
  const [help, setHelp] = useState<HelpForm | null>(null);

  function choose(next: Tab, focus = false) {
    setParams(next === "disease" ? { tab: "disease" } : {}, { replace: true });
    if (focus) tabRefs.current[next]?.focus();
  }

  // WAI-ARIA tabs: arrow keys, Home and End move between tabs (each selects as it gets focus).
  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((t) => t.id === tab);
    const target =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : null;
    const next = target === null ? undefined : tabs[target];
    if (!next) return;
    event.preventDefault();
    choose(next.id, true);
  }

  return (
    <div>
      <PageHeader title="Plant ID" />
      <p className="-mt-4 mb-6 max-w-prose text-stone-700">
        What is this plant, and how do I care for it? Take a photo and Tendril tells you.
      </p>
      <div
        role="tablist"
        aria-label="What to check"
        onKeyDown={onTabKey}
        className="mb-6 grid grid-cols-2 gap-1 rounded-[16px] bg-stone-100 p-1 sm:inline-grid sm:min-w-[30rem]"
      >
        {tabs.map(({ id, label, note, icon: Icon }) => (
          <button
            key={id}
            ref={(el) => {
              tabRefs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={`plant-id-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`plant-id-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            onClick={() => choose(id)}
            className={cn(
              "flex min-h-11 items-center justify-center gap-2 rounded-xl px-3 py-2 text-center font-semibold transition-colors duration-150",
              tab === id
                ? "bg-surface text-stone-900 shadow-sm inset-ring-1 inset-ring-stone-300"
                : "text-stone-700 hover:bg-surface/60",
              focusRing,
            )}
          >
            <Icon size={20} aria-hidden className="hidden shrink-0 sm:block" />
            <span className="flex flex-col leading-tight">
              <span>{label}</span>
              {note && <span className="text-xs font-normal text-stone-700">{note}</span>}
            </span>
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="plant-id-panel-identify"
        aria-labelledby="plant-id-tab-identify"
        hidden={tab !== "identify"}
      >
        <IdentifyPanel onHelp={setHelp} />
      </div>
      <div
        role="tabpanel"
        id="plant-id-panel-disease"
        aria-labelledby="plant-id-tab-disease"
        hidden={tab !== "disease"}
      >
        <DiseasePanel onIdentify={() => choose("identify", true)} />
      </div>
      <HelpFormDialog form={help} onClose={() => setHelp(null)} />
    </div>
  );
}

/**
 * Spec §4 Plant ID: photo selected → analyzing → result or failure. A recent identification
 * can be shown again at any time.
 */
function IdentifyPanel({ onHelp }: { onHelp: (form: HelpForm) => void }) {
  const { user } = useAuth();
  const identify = useIdentifyPlant(user?.id);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [shown, setShown] = useState<Identification | null>(null);
  const [reveal, setReveal] = useState(0);
  const result = useRef<HTMLElement>(null);

  // A new result takes focus, which on a phone also scrolls it into view under the photo.
  useEffect(() => {
    if (reveal) result.current?.focus();
  }, [reveal]);

  function pick(next: File) {
    identify.reset();
    setShown(null);
    const refused = photoProblem(next);
    setProblem(refused);
    setFile(refused ? null : next);
  }

  function remove() {
    identify.reset();
    setFile(null);
    setProblem(null);
    setShown(null);
  }

  function analyze() {
    if (!file || identify.isPending) return;
    identify.mutate(file, {
      onSuccess: (identification) => {
        setShown(identification);
        setReveal((n) => n + 1);
      },
    });
  }

  function showAgain(identification: Identification) {
    identify.reset();
    setShown(identification);
    setReveal((n) => n + 1);
  }

  return (
    // One column of minmax(0, 1fr) on phones: an implicit auto column grows to its cards' widest
    // content, which pushed every card past the right edge of a 320–430 px screen.
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:grid-rows-[auto_auto_1fr] lg:items-start">
      <PhotoPicker
        file={file}
        problem={problem}
        analyzing={identify.isPending}
        error={identify.isError ? photoUploadError(identify.error, IDENTIFY_FAILED) : null}
        onPick={pick}
        onRemove={remove}
        onAnalyze={analyze}
      />
      <section
        ref={result}
        tabIndex={-1}
        aria-label="Identification result"
        className="flex flex-col gap-6 outline-none lg:row-span-3"
      >
        {shown ? (
          <div key={shown.id} className="flex flex-col gap-6">
            <ResultBanner identification={shown} onReport={() => onHelp("report")} />
            {shown.recognised && (
              <>
                {/* The plant itself first (STYLE: the biggest thing on the screen), then the summary. */}
                <ResultCard identification={shown} />
                <AiSummary identification={shown} />
                <SaveCard identification={shown} />
                <IssueCheck identification={shown} />
              </>
            )}
          </div>
        ) : (
          <Card className="hidden border-dashed lg:block">
            <div className="flex flex-col items-center gap-2 py-10 text-center text-stone-700">
              <Leaf size={32} aria-hidden className="text-leaf-fg" />
              <p className="font-semibold text-stone-900">Your result shows here</p>
              <p>The plant's name, how sure Tendril is, and how to care for it.</p>
            </div>
          </Card>
        )}
      </section>
      <RecentIdentifications selectedId={shown?.id ?? null} onSelect={showAgain} />
      <div className="flex flex-col gap-6">
        <PhotoTips />
        <HelpLinks onHelp={onHelp} />
      </div>
    </div>
  );
}

function HelpLinks({ onHelp }: { onHelp: (form: HelpForm) => void }) {
  return (
    <Card aria-labelledby="help-title">
      <h2 id="help-title" className="font-semibold text-stone-900">
        Something not right?
      </h2>
      <p className="mt-1 text-stone-700">
        Tell us about a wrong answer or a photo that would not work, or ask us anything.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => onHelp("report")}>
          <LifeBuoy size={20} aria-hidden />
          Report this issue
        </Button>
        <Button variant="secondary" onClick={() => onHelp("contact")}>
          <MessageSquare size={20} aria-hidden />
          Contact us
        </Button>
      </div>
    </Card>
  );
}
