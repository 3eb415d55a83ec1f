import { BookOpen, RotateCcw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { GrowGuideRequest } from "../../../core/schemas/grow-guide";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Alert, PageHeader, Skeleton, Spinner } from "../../components/ui/misc";
import { localToday } from "../../lib/format";
import { getString, setString, storage } from "../../lib/storage";
import { GUIDE_FAILED, useGrowGuide } from "./api/get-grow-guide";
import { useTrackPlant } from "./api/track-plant";
import { initialDraft, toRequest, trackPlantBody } from "./form";
import { GrowAlongForm } from "./grow-along-form";
import { GuideView } from "./guide-view";
import { usePlaceDefaults } from "./use-place-defaults";

/** Spec §2 Grow Along (/grow-along): describe the setup, get a guide that fits it, track it. */
export function GrowAlongPage() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState(() =>
    initialDraft({
      location: storage.location() || getString("zip"),
      experience: getString("experience"),
      climate: getString("climate"),
    }),
  );
  usePlaceDefaults(setDraft);
  const guide = useGrowGuide();
  const track = useTrackPlant();
  // The setup the shown guide was made for: editing the form afterwards does not change it.
  const [asked, setAsked] = useState<GrowGuideRequest | null>(null);
  const [shown, setShown] = useState(0);
  const result = useRef<HTMLElement>(null);
  const today = localToday();

  // A new guide takes focus, which on a phone also brings it into view under the form.
  useEffect(() => {
    if (shown) result.current?.focus();
  }, [shown]);

  function ask(request: GrowGuideRequest) {
    setAsked(request);
    setString("climate", request.climate);
    guide.mutate(request, { onSuccess: () => setShown((n) => n + 1) });
  }

  function submit() {
    const request = toRequest(draft);
    if (request && !guide.isPending) ask(request);
  }

  async function trackIt() {
    if (!asked || !guide.data || track.isPending) return;
    try {
      const { plant } = await track.mutateAsync(trackPlantBody(asked, guide.data, today));
      navigate(`/plants/${encodeURIComponent(plant.id)}`);
    } catch {
      // The mutation's toast says what went wrong; the guide stays for another try.
    }
  }

  return (
    <div>
      <PageHeader title="Grow Along" />
      <p className="-mt-4 mb-6 max-w-prose text-stone-700">
        Tell Tendril where and how you grow, and get a step-by-step guide for your plant that fits
        it. Then track it: its stages and tasks go straight into My Plants.
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-start">
        <GrowAlongForm
          draft={draft}
          onChange={setDraft}
          pending={guide.isPending}
          onSubmit={submit}
        />
        <section
          ref={result}
          tabIndex={-1}
          aria-label="Growing guide"
          aria-busy={guide.isPending}
          className="outline-none"
        >
          {guide.isPending ? (
            <GuideSkeleton />
          ) : guide.isError ? (
            <Alert tone="error">
              <p className="font-semibold">{GUIDE_FAILED}</p>
              <Button
                variant="secondary"
                className="mt-3"
                onClick={() => asked && ask(asked)}
                disabled={!asked}
              >
                <RotateCcw size={20} aria-hidden />
                Try again
              </Button>
            </Alert>
          ) : guide.data && asked ? (
            <GuideView
              guide={guide.data}
              request={asked}
              today={today}
              tracking={track.isPending}
              onTrack={trackIt}
            />
          ) : (
            <Card className="hidden border-dashed lg:block">
              <div className="flex flex-col items-center gap-2 py-10 text-center text-stone-700">
                <BookOpen size={32} aria-hidden className="text-leaf-fg" />
                <p className="font-semibold text-stone-900">Your guide shows here</p>
                <p className="max-w-sm">
                  Its stages on a timeline, the tasks day by day, and tips for your setup.
                </p>
              </div>
            </Card>
          )}
        </section>
      </div>
    </div>
  );
}

function GuideSkeleton() {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <Spinner label="Writing your guide…" />
        <Skeleton className="mt-4 h-7 w-2/3" />
        <Skeleton className="mt-3 h-11 w-44" />
      </Card>
      <Card>
        <div className="flex flex-col gap-4">
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-5/6" />
          <Skeleton className="h-5 w-4/6" />
          <Skeleton className="h-5 w-3/6" />
        </div>
      </Card>
    </div>
  );
}
