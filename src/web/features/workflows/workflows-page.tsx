import { ChevronRight, ListChecks, MessageCircle, Play, RotateCcw } from "lucide-react";
import { Link } from "react-router";
import type { Workflow, WorkflowTemplate } from "../../../core/schemas/workflow";
import { Button, focusRing } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Alert, PageHeader, Skeleton } from "../../components/ui/misc";
import { cn } from "../../lib/cn";
import { useTemplates } from "./api/list-templates";
import { useWorkflows } from "./api/list-workflows";
import { useStartWorkflow } from "./api/start-workflow";
import { ChecklistCard } from "./checklist-card";
import { useWorkflowEvents } from "./use-workflow-events";

/** Spec §2 Workflows (/workflows): template cards with Start, the active checklists, chat. */
export function WorkflowsPage() {
  useWorkflowEvents();
  const workflows = useWorkflows();
  const count = workflows.data?.length ?? 0;
  return (
    <div>
      <PageHeader title="Checklists" />
      <p className="-mt-4 mb-6 max-w-prose text-stone-700">
        Step-by-step checklists for crops that often fail the first time. Tick the steps off as you
        go; your progress is saved to your account and shows on all your devices.
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <section aria-labelledby="active-title" className="flex flex-col gap-4">
          <h2 id="active-title" className="text-[22px] font-semibold text-stone-900">
            {count > 1 ? "Active Checklists" : "Active Checklist"}
          </h2>
          {workflows.isPending ? (
            <Card>
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="mt-4 h-2.5 w-full" />
              <div className="mt-6 flex flex-col gap-4">
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
                <Skeleton className="h-10 w-full" />
              </div>
            </Card>
          ) : workflows.isError ? (
            <Alert tone="error">
              <p className="font-semibold">Your checklists could not be loaded.</p>
              <p className="text-sm text-stone-700">Check your connection and try again.</p>
              <Button variant="secondary" className="mt-3" onClick={() => workflows.refetch()}>
                <RotateCcw size={20} aria-hidden />
                Try again
              </Button>
            </Alert>
          ) : count === 0 ? (
            <Card className="border-dashed">
              <div className="flex flex-col items-center gap-2 py-6 text-center text-stone-700">
                <ListChecks size={32} aria-hidden className="text-leaf-fg" />
                <p className="font-semibold text-stone-900">No active checklist.</p>
                <p>Start one from a template and tick the steps off as you go.</p>
              </div>
            </Card>
          ) : (
            workflows.data.map((workflow) => (
              <ChecklistCard key={workflow.id} workflow={workflow} />
            ))
          )}
        </section>
        <div className="flex flex-col gap-6">
          <Templates active={workflows.data ?? []} />
          <AskCard />
        </div>
      </div>
    </div>
  );
}

function Templates({ active }: { active: Workflow[] }) {
  const templates = useTemplates();
  const start = useStartWorkflow();
  return (
    <section aria-labelledby="templates-title" className="flex flex-col gap-4">
      <h2 id="templates-title" className="text-[22px] font-semibold text-stone-900">
        Start a checklist
      </h2>
      {templates.isPending ? (
        <>
          <Skeleton className="h-36 w-full rounded-[16px]" />
          <Skeleton className="h-36 w-full rounded-[16px]" />
        </>
      ) : templates.isError ? (
        <Alert tone="error">
          <p className="font-semibold">The checklist templates could not be loaded.</p>
          <Button variant="secondary" className="mt-3" onClick={() => templates.refetch()}>
            <RotateCcw size={20} aria-hidden />
            Try again
          </Button>
        </Alert>
      ) : (
        templates.data.map((template) => (
          <TemplateCard
            key={template.id}
            template={template}
            running={active.some((w) => w.template === template.id)}
            starting={start.isPending && start.variables === template.id}
            disabled={start.isPending}
            onStart={() => start.mutate(template.id)}
          />
        ))
      )}
    </section>
  );
}

function TemplateCard({
  template,
  running,
  starting,
  disabled,
  onStart,
}: {
  template: WorkflowTemplate;
  running: boolean;
  starting: boolean;
  disabled: boolean;
  onStart: () => void;
}) {
  const titleId = `template-${template.id}-title`;
  return (
    <Card aria-labelledby={titleId}>
      <h3 id={titleId} className="text-[18px] font-semibold text-stone-900">
        {template.name}
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        {template.steps.length} steps
        {running && " · one is under way"}
      </p>
      <details className="group mt-3">
        <summary
          className={cn(
            "inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-xl font-semibold text-leaf-fg [&::-webkit-details-marker]:hidden",
            focusRing,
          )}
        >
          <ChevronRight
            size={20}
            aria-hidden
            className="transition-transform duration-150 ease-out group-open:rotate-90 motion-reduce:transition-none"
          />
          See the steps
        </summary>
        <ol className="mt-1 flex list-decimal flex-col gap-1 pl-5 text-stone-900">
          {template.steps.map((step) => (
            <li key={step.title}>{step.title}</li>
          ))}
        </ol>
      </details>
      <Button
        className="mt-4 w-full sm:w-auto"
        onClick={onStart}
        disabled={disabled}
        aria-describedby={titleId}
      >
        <Play size={18} aria-hidden />
        {starting ? "Starting…" : "Start"}
      </Button>
    </Card>
  );
}

function AskCard() {
  return (
    <Card aria-labelledby="ask-title">
      <h2 id="ask-title" className="text-[18px] font-semibold text-stone-900">
        Stuck on a step?
      </h2>
      <p className="mt-1 text-stone-700">
        Ask the assistant what to do next, or why a step matters.
      </p>
      <Link
        to="/chat?new=1"
        className={cn(
          "mt-4 inline-flex min-h-11 items-center gap-2 rounded-xl border border-stone-300 bg-surface px-4 font-semibold text-stone-900 hover:bg-stone-100",
          focusRing,
        )}
      >
        <MessageCircle size={20} aria-hidden />
        Ask the assistant
      </Link>
    </Card>
  );
}
