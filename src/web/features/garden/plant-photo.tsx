import { ImagePlus, Leaf, Trash2 } from "lucide-react";
import { type ChangeEvent, useRef, useState } from "react";
import type { PlantDetail } from "../../../core/schemas/plant";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { photoProblem, photoUploadError } from "../../lib/photo";
import { toast } from "../../lib/toast-store";
import { useRemovePlantPhoto, useUploadPlantPhoto } from "./plant-photo-api";

const UPLOAD_FAILED = "The photo could not be saved. Check your connection and try again.";

/** Plant detail's photo (spec: an image or a leaf placeholder) with Add/Replace and Remove. */
export function PlantPhoto({ plant }: { plant: PlantDetail }) {
  const upload = useUploadPlantPhoto(plant.id);
  const remove = useRemovePlantPhoto(plant.id);
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = upload.isPending || remove.isPending;

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const refused = photoProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate(file, {
      onSuccess: () => toast({ title: "Photo saved", variant: "success" }),
      onError: (error) => setProblem(photoUploadError(error, UPLOAD_FAILED)),
    });
  }

  async function removePhoto() {
    try {
      await remove.mutateAsync();
      setConfirming(false);
      setProblem(null);
      toast({ title: "Photo removed" });
    } catch {
      setConfirming(false);
      setProblem("The photo could not be removed. Check your connection and try again.");
    }
  }

  return (
    <div className="flex items-start gap-3 sm:w-48 sm:flex-col">
      <div className="flex size-28 shrink-0 items-center justify-center overflow-hidden rounded-[16px] bg-leaf-100 sm:size-48">
        {plant.imageUrl ? (
          <img
            src={plant.imageUrl}
            alt={plant.name}
            width={192}
            height={192}
            loading="lazy"
            className="size-full object-cover"
          />
        ) : (
          <Leaf size={48} aria-hidden className="text-leaf-fg" />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2 sm:w-full">
        <Button
          variant="secondary"
          onClick={() => input.current?.click()}
          disabled={busy}
          className="px-3 whitespace-nowrap"
        >
          <ImagePlus size={20} aria-hidden />
          {upload.isPending ? "Uploading…" : plant.imageUrl ? "Replace photo" : "Add photo"}
        </Button>
        {plant.imageUrl && (
          <Button
            variant="ghost"
            onClick={() => setConfirming(true)}
            disabled={busy}
            className="px-3 whitespace-nowrap"
          >
            <Trash2 size={20} aria-hidden />
            Remove photo
          </Button>
        )}
        {problem && (
          <p role="alert" className="text-sm text-berry-fg">
            {problem}
          </p>
        )}
      </div>
      <input ref={input} type="file" accept="image/*" hidden onChange={picked} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove photo?"
        description={`${plant.name} goes back to the leaf placeholder.`}
        action="Remove"
        busyAction="Removing…"
        busy={remove.isPending}
        onConfirm={removePhoto}
      />
    </div>
  );
}
