import { History } from "lucide-react";
import { IDENTIFICATIONS_SHOWN, type Identification } from "../../../core/schemas/identification";
import { focusRing } from "../../components/ui/button";
import { Card, CardTitle } from "../../components/ui/card";
import { Alert, Skeleton } from "../../components/ui/misc";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { dateFormat } from "../../lib/format";
import { useIdentifications } from "./api/list-identifications";
import { formatConfidence } from "./confidence";

const when = dateFormat({ month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });

/** Spec §9: the last 3 of the 10 kept, newest first; choosing one shows it again. */
export function RecentList({
  items,
  selectedId,
  onSelect,
}: {
  items: Identification[];
  selectedId: string | null;
  onSelect: (identification: Identification) => void;
}) {
  if (items.length === 0)
    return (
      <p className="text-stone-700">
        No identifications yet. Your last {IDENTIFICATIONS_SHOWN} show here.
      </p>
    );
  return (
    <ul className="flex flex-col gap-2">
      {items.slice(0, IDENTIFICATIONS_SHOWN).map((item) => (
        <li key={item.id}>
          <button
            type="button"
            aria-pressed={item.id === selectedId}
            onClick={() => onSelect(item)}
            className={cn(
              "flex min-h-11 w-full items-center gap-3 rounded-xl border p-2 text-left hover:bg-stone-100",
              item.id === selectedId ? "border-leaf-500 bg-leaf-100" : "border-transparent",
              focusRing,
            )}
          >
            <img
              src={item.imageUrl}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="size-14 shrink-0 rounded-lg bg-stone-100 object-cover"
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-stone-900">
                {item.recognised ? item.plantName : "Not recognised"}
              </span>
              <span className="block text-sm text-stone-700">
                {item.recognised && (
                  <span className="tabular-nums">{formatConfidence(item.confidence)} · </span>
                )}
                <time dateTime={item.createdAt}>{when(new Date(item.createdAt))}</time>
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

export function RecentIdentifications({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (identification: Identification) => void;
}) {
  const { user } = useAuth();
  const recent = useIdentifications(user?.id);
  return (
    <Card aria-labelledby="recent-title">
      <CardTitle>
        <span id="recent-title" className="inline-flex items-center gap-2">
          <History size={20} aria-hidden className="text-leaf-fg" />
          Recent Identifications
        </span>
      </CardTitle>
      {recent.isError ? (
        <Alert tone="error">
          <p>Your recent identifications could not be loaded.</p>
          <button
            type="button"
            className={cn(
              "mt-1 min-h-11 font-semibold text-leaf-fg underline underline-offset-2",
              focusRing,
            )}
            onClick={() => recent.refetch()}
          >
            Try again
          </button>
        </Alert>
      ) : recent.data ? (
        <RecentList items={recent.data} selectedId={selectedId} onSelect={onSelect} />
      ) : (
        <div className="flex flex-col gap-2" aria-busy="true">
          <span className="sr-only">Loading recent identifications…</span>
          {[0, 1, 2].map((n) => (
            <div key={n} className="flex items-center gap-3 p-2">
              <Skeleton className="size-14 shrink-0" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </div>
      )}
    </Card>
  );
}
