import { Stethoscope } from "lucide-react";
import { useState } from "react";
import type { Identification } from "../../../core/schemas/identification";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Field, Textarea } from "../../components/ui/field";
import { ReplyMarkdown } from "../../components/ui/markdown";
import { Alert } from "../../components/ui/misc";
import { HttpError } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { storage } from "../../lib/storage";
import { type IssueAnalysis, type Likelihood, useAnalyzeIssue } from "./api/analyze-issue";

const ISSUE_MAX_LENGTH = 1000;
const ANALYSIS_FAILED = "Couldn't look into this right now. Please try again in a moment.";

const likelihoodStyles: Record<Likelihood, { label: string; className: string }> = {
  high: { label: "High likelihood", className: "bg-berry-600 text-white" },
  medium: { label: "Medium likelihood", className: "bg-sun-500 text-ink" },
  low: { label: "Low likelihood", className: "border border-stone-300 text-stone-700" },
};

/** The assistant's answer: its summary, then each likely cause with why and what to do. */
export function IssueAnswer({ analysis }: { analysis: IssueAnalysis }) {
  if (!analysis.summary.trim() && analysis.causes.length === 0)
    return (
      <p className="text-stone-700">
        No likely cause found. Try describing what you see in more detail: which leaves, what
        colour, since when.
      </p>
    );
  return (
    <div className="flex flex-col gap-3">
      {analysis.summary.trim() && (
        <div className="text-stone-900">
          <ReplyMarkdown text={analysis.summary} />
        </div>
      )}
      {analysis.causes.length > 0 && (
        <ul className="flex flex-col gap-3">
          {analysis.causes.map((cause) => {
            const likelihood = likelihoodStyles[cause.likelihood] ?? likelihoodStyles.low;
            return (
              <li key={cause.name} className="rounded-xl bg-stone-100 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-stone-900">{cause.name}</h3>
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-xs font-semibold",
                      likelihood.className,
                    )}
                  >
                    {likelihood.label}
                  </span>
                </div>
                {cause.why && <p className="mt-1 text-stone-700">{cause.why}</p>}
                {cause.actions.length > 0 && (
                  <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-stone-900">
                    {cause.actions.map((action) => (
                      <li key={action}>{action}</li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** Spec §2 Plant ID: the issues text box, answered by the assistant's issue analysis. */
export function IssueCheck({ identification }: { identification: Identification }) {
  const analyze = useAnalyzeIssue();
  const [text, setText] = useState("");
  const description = text.trim();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!description || analyze.isPending) return;
    // The server takes a place name of up to 120 characters.
    const location = storage.location()?.slice(0, 120);
    analyze.mutate({
      // The plant's name keeps the answer about this plant, not plants in general.
      description: `${identification.plantName}: ${description}`,
      ...(location ? { location } : {}),
    });
  }

  const failure =
    analyze.error instanceof HttpError && analyze.error.status < 500
      ? (analyze.error.serverMessage ?? ANALYSIS_FAILED)
      : ANALYSIS_FAILED;

  return (
    <Card aria-labelledby="issues-title">
      <CardTitle>
        <span id="issues-title" className="inline-flex items-center gap-2">
          <Stethoscope size={20} aria-hidden className="text-leaf-fg" />
          Any problems?
        </span>
      </CardTitle>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <Field
          label="Describe any issues"
          hint="For example: yellow spots on the lower leaves, or wilting in the afternoon."
        >
          {(props) => (
            <Textarea
              {...props}
              value={text}
              maxLength={ISSUE_MAX_LENGTH}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={!description || analyze.isPending}>
            {analyze.isPending ? "Checking…" : "Check issues"}
          </Button>
          {!description && (
            <span className="text-sm text-stone-700">Describe what you see to check it.</span>
          )}
        </div>
      </form>
      <div aria-live="polite" className="mt-4 empty:hidden">
        {analyze.isPending && <p className="text-stone-700">Looking into it…</p>}
        {analyze.isError && <Alert tone="error">{failure}</Alert>}
        {analyze.data && <IssueAnswer analysis={analyze.data} />}
      </div>
    </Card>
  );
}
