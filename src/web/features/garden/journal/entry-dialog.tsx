import { ImagePlus, X } from "lucide-react";
import { type ChangeEvent, useEffect, useRef, useState } from "react";
import {
  JOURNAL_TAG_LABELS,
  type JournalTag,
  journalEntryHasContent,
  journalTagValues,
  MAX_JOURNAL_PHOTOS,
} from "../../../../core/garden/journal";
import type { JournalEntry } from "../../../../core/schemas/journal";
import { Button, focusRing } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Field, Input, Textarea } from "../../../components/ui/field";
import { Alert } from "../../../components/ui/misc";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { localToday } from "../../../lib/format";
import {
  createEntry,
  patchEntry,
  removeEntryPhoto,
  uploadEntryPhoto,
  useDeleteEntry,
  useRefreshJournal,
} from "../../../lib/journal-api";
import { photoProblem, photoUploadError } from "../../../lib/photo";
import { toast } from "../../../lib/toast-store";

/** A photo picked in the dialog, kept until the server has it (nothing is lost on a failure). */
interface PickedPhoto {
  key: string;
  file: File;
  preview: string;
  state: "waiting" | "uploading" | "failed";
  error?: string;
}

const UPLOAD_FAILED = "Not saved. Check your connection, then try again.";
let nextKey = 0;

/**
 * Add or edit a journal entry: a day (today unless changed), a note, tags, and up to six photos.
 * The entry is saved first, then each photo on its own; a photo that fails stays here with its
 * reason, and saving again sends only what is still missing.
 */
export function EntryDialog({
  plantId,
  entry,
  open,
  onOpenChange,
}: {
  plantId: string;
  /** The entry to edit; none to add one. */
  entry?: JournalEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const refresh = useRefreshJournal();
  const remove = useDeleteEntry();
  const [saved, setSaved] = useState<JournalEntry | undefined>(entry);
  const [date, setDate] = useState(entry?.date ?? localToday());
  const [note, setNote] = useState(entry?.note ?? "");
  const [tags, setTags] = useState<JournalTag[]>(entry?.tags ?? []);
  const [picked, setPicked] = useState<PickedPhoto[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const kept = saved?.photos ?? [];
  const room = MAX_JOURNAL_PHOTOS - kept.length - picked.length;
  const hasContent = note.trim() !== "" || tags.length > 0 || kept.length + picked.length > 0;

  // Previews are object URLs: let them go with the dialog.
  const previews = useRef(picked);
  previews.current = picked;
  useEffect(
    () => () => {
      for (const p of previews.current) URL.revokeObjectURL(p.preview);
    },
    [],
  );

  function toggle(tag: JournalTag) {
    setTags((now) => (now.includes(tag) ? now.filter((t) => t !== tag) : [...now, tag]));
  }

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    const refused = files.map(photoProblem).find((p) => p !== null);
    const fitting = files.filter((file) => photoProblem(file) === null);
    const taken = fitting.slice(0, Math.max(0, room));
    setProblem(
      refused ??
        (fitting.length > taken.length
          ? `An entry holds up to ${MAX_JOURNAL_PHOTOS} photos: ${fitting.length - taken.length} not added.`
          : null),
    );
    setPicked((now) => [
      ...now,
      ...taken.map((file) => ({
        key: `p${nextKey++}`,
        file,
        preview: URL.createObjectURL(file),
        state: "waiting" as const,
      })),
    ]);
  }

  function drop(key: string) {
    setPicked((now) => {
      const gone = now.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return now.filter((p) => p.key !== key);
    });
  }

  async function removeKept(photoId: string) {
    if (!saved) return;
    try {
      await removeEntryPhoto(saved.id, photoId);
      setSaved({ ...saved, photos: saved.photos.filter((p) => p.id !== photoId) });
      await refresh();
    } catch (error) {
      setProblem(errorMessage(error, "The photo could not be removed. Try again."));
    }
  }

  function close() {
    for (const p of picked) URL.revokeObjectURL(p.preview);
    // An entry this dialog made for photos that all failed says nothing: it does not stay.
    if (!entry && saved && !journalEntryHasContent({ ...saved, photoCount: saved.photos.length })) {
      remove.mutate(saved.id);
    }
    onOpenChange(false);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!hasContent || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const body = { date, note: note.trim(), tags };
      let current = saved;
      if (!current) current = await createEntry(plantId, body);
      else if (changed(current, body)) current = await patchEntry(current.id, body);
      setSaved(current);
      const failed = await uploadAll(current);
      await refresh();
      if (failed === 0) {
        toast({ title: entry ? "Entry saved" : "Entry added", variant: "success" });
        close();
      }
    } catch (error) {
      setProblem(errorMessage(error, "The entry could not be saved. Check your connection."));
    } finally {
      setBusy(false);
    }
  }

  /** Sends the photos still waiting, one at a time; how many failed (they stay here). */
  async function uploadAll(target: JournalEntry): Promise<number> {
    let failed = 0;
    let photos = target.photos;
    for (const photo of previews.current) {
      setPicked((now) => now.map((p) => (p.key === photo.key ? { ...p, state: "uploading" } : p)));
      try {
        const added = await uploadEntryPhoto(target.id, photo.file);
        photos = [...photos, added];
        setSaved({ ...target, photos });
        URL.revokeObjectURL(photo.preview);
        setPicked((now) => now.filter((p) => p.key !== photo.key));
      } catch (error) {
        failed++;
        const reason = photoUploadError(error, errorMessage(error, UPLOAD_FAILED));
        setPicked((now) =>
          now.map((p) => (p.key === photo.key ? { ...p, state: "failed", error: reason } : p)),
        );
      }
    }
    return failed;
  }

  const failedCount = picked.filter((p) => p.state === "failed").length;
  const uploading = picked.find((p) => p.state === "uploading");
  const sent = kept.length;
  const total = kept.length + picked.length;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={entry ? "Edit entry" : "Add journal entry"}
      dismissible={!busy}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Date">
          {(props) => (
            <Input
              {...props}
              type="date"
              required
              max={localToday()}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          )}
        </Field>
        <Field label="Note (optional)">
          {(props) => (
            <Textarea
              {...props}
              rows={3}
              maxLength={5000}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          )}
        </Field>
        <fieldset>
          <legend className="mb-2 font-semibold text-stone-900">Tags</legend>
          <div className="flex flex-wrap gap-2">
            {journalTagValues.map((tag) => (
              <button
                key={tag}
                type="button"
                aria-pressed={tags.includes(tag)}
                onClick={() => toggle(tag)}
                className={cn(
                  "min-h-11 rounded-full border px-3 text-sm font-semibold",
                  tags.includes(tag)
                    ? "border-leaf-500 bg-leaf-100 text-leaf-fg"
                    : "border-stone-300 bg-surface text-stone-900 hover:bg-stone-100",
                  focusRing,
                )}
              >
                {tags.includes(tag) && <span aria-hidden>✓ </span>}
                {JOURNAL_TAG_LABELS[tag]}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-2">
          <p className="font-semibold text-stone-900">
            Photos{" "}
            <span className="font-normal text-stone-700">
              ({total} of {MAX_JOURNAL_PHOTOS})
            </span>
          </p>
          {total > 0 && (
            <ul className="grid grid-cols-3 gap-2">
              {kept.map((photo) => (
                <li key={photo.id} className="relative">
                  <img
                    src={photo.url}
                    alt="Saved"
                    className="aspect-square w-full rounded-xl object-cover"
                  />
                  <RemoveButton label="Remove saved photo" onClick={() => removeKept(photo.id)} />
                </li>
              ))}
              {picked.map((photo) => (
                <li key={photo.key} className="relative">
                  <img
                    src={photo.preview}
                    alt={photo.file.name || "Picked photo"}
                    className={cn(
                      "aspect-square w-full rounded-xl object-cover",
                      photo.state === "failed" && "ring-2 ring-berry-600",
                      photo.state !== "failed" && busy && "opacity-60",
                    )}
                  />
                  <p
                    className={cn(
                      "mt-1 text-xs",
                      photo.state === "failed" ? "text-berry-fg" : "text-stone-700",
                    )}
                  >
                    {photo.state === "uploading"
                      ? "Uploading…"
                      : photo.state === "failed"
                        ? photo.error
                        : "Not sent yet"}
                  </p>
                  {!busy && (
                    <RemoveButton label="Remove picked photo" onClick={() => drop(photo.key)} />
                  )}
                </li>
              ))}
            </ul>
          )}
          {room > 0 && (
            <Button
              variant="secondary"
              className="self-start"
              disabled={busy}
              onClick={() => input.current?.click()}
            >
              <ImagePlus size={20} aria-hidden />
              Add photos
            </Button>
          )}
          <input
            ref={input}
            type="file"
            accept="image/*"
            multiple
            hidden
            aria-label="Choose photos"
            onChange={pick}
          />
        </div>
        {uploading && (
          <p role="status" className="text-sm text-stone-700">
            Uploading photo {sent + 1} of {total}…
          </p>
        )}
        {problem && <Alert tone="error">{problem}</Alert>}
        {failedCount > 0 && !busy && (
          <Alert tone="error">
            {failedCount === 1 ? "One photo was" : `${failedCount} photos were`} not saved. The
            entry is kept; save again to retry, or remove the photo.
          </Alert>
        )}
        <Button type="submit" disabled={!hasContent || busy}>
          {busy ? "Saving…" : failedCount > 0 ? "Retry photos" : "Save entry"}
        </Button>
      </form>
    </Dialog>
  );
}

function changed(entry: JournalEntry, body: { date: string; note: string; tags: JournalTag[] }) {
  return (
    entry.date !== body.date ||
    entry.note !== body.note ||
    [...entry.tags].sort().join() !== [...body.tags].sort().join()
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className={cn(
        "absolute top-1 right-1 flex size-8 items-center justify-center rounded-full bg-stone-900/70 text-white",
        focusRing,
      )}
    >
      <X size={16} aria-hidden />
    </button>
  );
}
