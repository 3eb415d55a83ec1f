import { PageHeader } from "../../components/ui/misc";

/**
 * Routes whose pages later issues build. Until then each says plainly that it is not here yet,
 * rather than pretending with sample content.
 */
function Pending({ title, what }: { title: string; what: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <div className="rounded-[16px] border border-dashed border-stone-300 bg-surface p-6 text-stone-700">
        <p className="font-semibold text-stone-900">Not available yet</p>
        <p className="mt-1">{what}</p>
      </div>
    </div>
  );
}

export const PlantIdPage = () => (
  <Pending
    title="Plant ID"
    what="Identifying plants from photos is coming in a later update of this Tendril."
  />
);
export const GrowAlongPage = () => (
  <Pending
    title="Grow Along"
    what="Personal growing guides are coming in a later update of this Tendril."
  />
);
export const WorkflowsPage = () => (
  <Pending
    title="Checklists"
    what="Step-by-step checklists for tricky crops are coming in a later update of this Tendril."
  />
);
