import { Leaf, X } from "lucide-react";
import { Link } from "react-router";
import { focusRing } from "../../components/ui/button";
import { cn } from "../../lib/cn";

/** 'About: {plant name}': the plant a chat is about, linking to it; a new chat can drop it. */
export function PlantChip({
  plantId,
  name,
  onClear,
}: {
  plantId: string;
  name: string;
  onClear?: () => void;
}) {
  return (
    <span className="inline-flex max-w-full items-center rounded-full bg-leaf-100 text-sm font-semibold text-leaf-fg">
      <Link
        to={`/plants/${encodeURIComponent(plantId)}`}
        className={cn(
          "inline-flex min-h-9 min-w-0 items-center gap-1.5 rounded-full px-3",
          focusRing,
        )}
      >
        <Leaf size={16} aria-hidden className="shrink-0" />
        <span className="truncate">About: {name}</span>
      </Link>
      {onClear && (
        <button
          type="button"
          onClick={onClear}
          aria-label={`Don't ask about ${name}`}
          className={cn(
            "-ml-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-leaf-500/20",
            focusRing,
          )}
        >
          <X size={16} aria-hidden />
        </button>
      )}
    </span>
  );
}
