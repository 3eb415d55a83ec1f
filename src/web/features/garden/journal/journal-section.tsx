import { Carrot, CheckCircle2, Pencil, Plus, Sprout, Trash2 } from "lucide-react";
import { useState } from "react";
import { amountText } from "../../../../core/garden/harvests";
import { JOURNAL_TAG_LABELS } from "../../../../core/garden/journal";
import type { JournalEntry, TimelineItem } from "../../../../core/schemas/journal";
import { Button } from "../../../components/ui/button";
import { Card, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Alert, Spinner } from "../../../components/ui/misc";
import { formatDay, fullDate } from "../../../lib/format";
import { useDeleteEntry, useJournal, useTimeline } from "../../../lib/journal-api";
import { toast } from "../../../lib/toast-store";
import { useUnits } from "../harvests/use-units";
import { EntryDialog } from "./entry-dialog";
import { PhotoCompare } from "./photo-compare";

/**
 * Issue 26: the plant's journal. Its timeline (entries with their photos, stages reached, tasks
 * done, newest first), adding and editing entries, and comparing two days' photos.
 */
export function JournalSection({ plantId }: { plantId: string }) {
  const timeline = useTimeline(plantId);
  const journal = useJournal(plantId);
  const remove = useDeleteEntry();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<JournalEntry | null>(null);
  const [deleting, setDeleting] = useState<JournalEntry | null>(null);

  async function deleteEntry() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Entry deleted" });
    } catch {
      toast({
        title: "The entry could not be deleted",
        description: "Check your connection and try again.",
        variant: "destructive",
      });
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Card aria-labelledby="journal-title">
      <CardTitle
        action={
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            <Plus size={18} aria-hidden />
            Add entry
          </Button>
        }
      >
        <span id="journal-title">Journal</span>
      </CardTitle>
      {timeline.isError ? (
        <Alert tone="error">The journal could not be loaded. Check your connection.</Alert>
      ) : !timeline.data ? (
        <Spinner label="Loading journal…" />
      ) : (
        // Wide screens: the timeline, and the comparison beside it; narrow: the comparison first.
        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[3fr_2fr]">
          {journal.data && (
            <div className="lg:order-2">
              <PhotoCompare entries={journal.data} />
            </div>
          )}
          {timeline.data.length === 0 ? (
            <p className="text-stone-700">
              Nothing yet. Add an entry to note what you did or saw, with photos.
            </p>
          ) : (
            <ol className="flex flex-col gap-3 lg:order-1" aria-label="Timeline">
              {timeline.data.map((item) => (
                <TimelineRow
                  key={`${item.kind}:${item.id}`}
                  item={item}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                />
              ))}
            </ol>
          )}
        </div>
      )}
      {adding && <EntryDialog plantId={plantId} open={adding} onOpenChange={setAdding} />}
      {editing && (
        <EntryDialog
          key={editing.id}
          plantId={plantId}
          entry={editing}
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete entry?"
        description="The entry and its photos are deleted. This can't be undone."
        action="Delete"
        busyAction="Deleting…"
        busy={remove.isPending}
        onConfirm={deleteEntry}
      />
    </Card>
  );
}

function DateLabel({ date }: { date: string }) {
  return (
    <time dateTime={date} title={fullDate(date)} className="text-sm text-stone-700">
      {formatDay(date)}
    </time>
  );
}

function TimelineRow({
  item,
  onEdit,
  onDelete,
}: {
  item: TimelineItem;
  onEdit: (entry: JournalEntry) => void;
  onDelete: (entry: JournalEntry) => void;
}) {
  if (item.kind === "stage") {
    return (
      <li className="flex items-center gap-3 rounded-xl bg-leaf-100 px-3 py-2">
        <Sprout size={20} aria-hidden className="shrink-0 text-leaf-fg" />
        <p className="flex-1 text-stone-900">
          Reached <span className="font-semibold">{item.title}</span>
        </p>
        <DateLabel date={item.date} />
      </li>
    );
  }
  if (item.kind === "task") {
    return (
      <li className="flex items-center gap-3 rounded-xl px-3 py-2">
        <CheckCircle2 size={20} aria-hidden className="shrink-0 text-leaf-fg" />
        <p className="min-w-0 flex-1 break-words text-stone-900">Done: {item.title}</p>
        <DateLabel date={item.date} />
      </li>
    );
  }
  if (item.kind === "harvest") return <HarvestRow item={item} />;
  const { entry } = item;
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border border-stone-300 p-3"
      data-testid="journal-entry"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <DateLabel date={entry.date} />
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => onEdit(entry)} aria-label="Edit entry">
            <Pencil size={18} aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => onDelete(entry)}
            aria-label="Delete entry"
          >
            <Trash2 size={18} aria-hidden />
          </Button>
        </div>
      </div>
      {entry.tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Tags">
          {entry.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-leaf-100 px-2 py-0.5 text-sm text-leaf-fg">
              {JOURNAL_TAG_LABELS[tag]}
            </li>
          ))}
        </ul>
      )}
      {entry.note && <p className="whitespace-pre-line break-words text-stone-900">{entry.note}</p>}
      {entry.photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {entry.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer">
                <img
                  src={photo.url}
                  alt={`${formatDay(entry.date)}, ${index + 1} of ${entry.photos.length}`}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function HarvestRow({ item }: { item: Extract<TimelineItem, { kind: "harvest" }> }) {
  const units = useUnits();
  return (
    <li className="flex items-center gap-3 rounded-xl bg-amber-50 px-3 py-2">
      <Carrot size={20} aria-hidden className="shrink-0 text-amber-800" />
      <p className="min-w-0 flex-1 break-words text-stone-900">
        Harvested <span className="font-semibold">{amountText(item.harvest, units)}</span>
        {item.harvest.note ? ` — ${item.harvest.note}` : ""}
      </p>
      <DateLabel date={item.date} />
    </li>
  );
}
