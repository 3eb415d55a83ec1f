import { Camera, ImagePlus, ScanSearch, Trash2, Upload } from "lucide-react";
import { type ChangeEvent, type DragEvent, useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert } from "../../components/ui/misc";
import { cn } from "../../lib/cn";
import { formatBytes, PHOTO_NOTE } from "../../lib/photo";

/** A blob: URL for the chosen file, revoked when the file changes or the page closes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

/** Seconds since `running` turned true, for the progress line. */
function useElapsedSeconds(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!running) return;
    const timer = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

export function AnalyzeProgress() {
  const seconds = useElapsedSeconds(true);
  return (
    <div role="status" className="flex flex-col gap-2">
      <p className="font-semibold text-stone-900">
        {seconds < 4
          ? "Analyzing your photo…"
          : "Still analyzing… a large photo takes a little longer."}
      </p>
      <div className="h-2 overflow-hidden rounded-full bg-stone-100" aria-hidden>
        <div className="h-full w-2/5 animate-indeterminate rounded-full bg-leaf-500 motion-reduce:w-full motion-reduce:animate-pulse" />
      </div>
    </div>
  );
}

/**
 * Spec §2 Plant ID: a photo by camera capture or file upload, a preview, Remove, and the analyze
 * action with its progress. Files are checked by the page (`onPick`), which shows `problem`.
 */
export function PhotoPicker({
  file,
  problem,
  analyzing,
  error,
  onPick,
  onRemove,
  onAnalyze,
}: {
  file: File | null;
  problem: string | null;
  analyzing: boolean;
  error: string | null;
  onPick: (file: File) => void;
  onRemove: () => void;
  onAnalyze: () => void;
}) {
  const cameraInput = useRef<HTMLInputElement>(null);
  const uploadInput = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const [dragging, setDragging] = useState(false);
  // The preview the browser could not draw (an HEIC photo in most browsers): the server may still.
  const [unreadable, setUnreadable] = useState<string | null>(null);

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // Cleared so picking the same file again (after Remove) still counts as a change.
    event.target.value = "";
    if (chosen) onPick(chosen);
  }

  function dropped(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const chosen = event.dataTransfer.files[0];
    if (chosen && !analyzing) onPick(chosen);
  }

  return (
    <Card aria-labelledby="photo-title">
      <CardTitle>
        <span id="photo-title">Your photo</span>
      </CardTitle>
      <p className="-mt-2 mb-4 text-stone-700">
        Take a photo of a leaf, a flower or the whole plant, or upload one: {PHOTO_NOTE}.
      </p>
      {/* Dropping a file is a desktop nicety; the buttons below do the same for everyone. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: drop target only, not a control */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={dropped}
        className={cn(
          "overflow-hidden rounded-xl border-2 border-dashed",
          dragging ? "border-leaf-500 bg-leaf-100" : "border-stone-300 bg-stone-100",
          preview && "border-solid",
        )}
      >
        {preview && file && unreadable === preview ? (
          <div className="flex flex-col items-center justify-center gap-2 px-4 py-8 text-center text-stone-700">
            <ImagePlus size={32} aria-hidden className="text-leaf-fg" />
            <p className="font-semibold text-stone-900">Photo ready</p>
            <p className="text-sm">
              This browser cannot show a preview of it (HEIC, for example), but it can still be
              analyzed.
            </p>
          </div>
        ) : preview && file ? (
          <img
            src={preview}
            alt="The plant to identify"
            onError={() => setUnreadable(preview)}
            className="mx-auto max-h-80 w-full object-contain"
          />
        ) : (
          <div className="flex flex-col items-center justify-center gap-2 px-4 py-8 text-center text-stone-700">
            <ImagePlus size={32} aria-hidden className="text-leaf-fg" />
            <p className="font-semibold text-stone-900">No photo yet</p>
            <p className="text-sm">
              <span className="hidden lg:inline">Drop a photo here, or choose one below. </span>
              Close-ups of leaves or flowers work best.
            </p>
          </div>
        )}
      </div>
      {file && (
        <div className="mt-2 flex items-center justify-between gap-3">
          <p className="min-w-0 truncate text-sm text-stone-700">
            {file.name || "Photo"} · <span className="tabular-nums">{formatBytes(file.size)}</span>
          </p>
          <Button variant="ghost" onClick={onRemove} disabled={analyzing} className="-mr-2">
            <Trash2 size={20} aria-hidden />
            Remove
          </Button>
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm font-semibold text-berry-fg">
          {problem}
        </p>
      )}
      <div className="mt-4 grid gap-3 min-[24rem]:grid-cols-2">
        <Button
          variant="secondary"
          onClick={() => cameraInput.current?.click()}
          disabled={analyzing}
          className="px-3 whitespace-nowrap"
        >
          <Camera size={20} aria-hidden className="shrink-0" />
          {file ? "Retake" : "Take photo"}
        </Button>
        <Button
          variant="secondary"
          onClick={() => uploadInput.current?.click()}
          disabled={analyzing}
          className="px-3 whitespace-nowrap"
        >
          <Upload size={20} aria-hidden className="shrink-0" />
          Upload
        </Button>
      </div>
      <Button onClick={onAnalyze} disabled={!file || analyzing} className="mt-3 w-full">
        <ScanSearch size={20} aria-hidden />
        {analyzing ? "Analyzing…" : "Analyze photo"}
      </Button>
      {!file && !analyzing && (
        <p className="mt-2 text-sm text-stone-700">Take or upload a photo to analyze it.</p>
      )}
      {analyzing && (
        <div className="mt-4">
          <AnalyzeProgress />
        </div>
      )}
      {error && (
        <div className="mt-4">
          <Alert tone="error">{error}</Alert>
        </div>
      )}
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        onChange={picked}
      />
      <input ref={uploadInput} type="file" accept="image/*" hidden onChange={picked} />
    </Card>
  );
}
