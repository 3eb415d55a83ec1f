import { MessageSquarePlus, Pencil, Trash2 } from "lucide-react";
import { Button, focusRing } from "../../components/ui/button";
import { Alert, Skeleton } from "../../components/ui/misc";
import { cn } from "../../lib/cn";
import { dateFormat } from "../../lib/format";
import type { ChatSummary } from "./use-chat-history";

const time = dateFormat({ hour: "numeric", minute: "2-digit" });
const day = dateFormat({ month: "short", day: "numeric" });
const full = dateFormat({ dateStyle: "full", timeStyle: "short" });

/** "Today, 9:30", "Yesterday" or "May 1", the full date on hover. */
function when(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const days = Math.round(
    (new Date(now.toDateString()).getTime() - new Date(date.toDateString()).getTime()) / 86_400_000,
  );
  if (days === 0) return `Today, ${time(date)}`;
  if (days === 1) return "Yesterday";
  return day(date);
}

export interface ChatHistoryProps {
  chats: ChatSummary[];
  activeId: string | null;
  loading: boolean;
  failed: boolean;
  /** Signed in: local chats are marked as kept on this device only. */
  signedIn: boolean;
  onRetry: () => void;
  onSelect: (chat: ChatSummary) => void;
  onNew: () => void;
  onRename: (chat: ChatSummary) => void;
  onDelete: (chat: ChatSummary) => void;
}

/** The history: chats newest first, each with Rename and Delete, and New chat on top. */
export function ChatHistory({
  chats,
  activeId,
  loading,
  failed,
  signedIn,
  onRetry,
  onSelect,
  onNew,
  onRename,
  onDelete,
}: ChatHistoryProps) {
  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      <Button variant="secondary" onClick={onNew} className="w-full">
        <MessageSquarePlus size={20} aria-hidden />
        New chat
      </Button>
      {failed && (
        <Alert tone="error">
          <p>Your saved chats could not be loaded. Check your connection and try again.</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={onRetry}>
            Retry
          </Button>
        </Alert>
      )}
      {loading && chats.length === 0 ? (
        <div className="flex flex-col gap-2" aria-hidden>
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : chats.length === 0 && !failed ? (
        <p className="px-1 text-sm text-stone-700">
          No chats yet. Ask a question to start your first one.
        </p>
      ) : (
        <ul
          aria-label="Your chats"
          className="-mx-1 flex min-h-0 flex-col gap-1 overflow-y-auto px-1"
        >
          {chats.map((chat) => {
            const active = chat.id === activeId;
            return (
              <li
                key={chat.id}
                className={cn(
                  "flex items-center rounded-xl",
                  active ? "bg-leaf-100" : "hover:bg-stone-100",
                )}
              >
                <button
                  type="button"
                  onClick={() => onSelect(chat)}
                  aria-current={active ? "true" : undefined}
                  title={`${chat.title} (${full(new Date(chat.updatedAt))})`}
                  className={cn(
                    "flex min-h-11 min-w-0 flex-1 flex-col items-start rounded-xl px-3 py-1.5 text-left",
                    focusRing,
                  )}
                >
                  <span
                    className={cn(
                      "line-clamp-2 w-full font-semibold break-words",
                      active ? "text-leaf-fg" : "text-stone-900",
                    )}
                  >
                    {chat.title}
                  </span>
                  <span className="text-xs text-stone-700">
                    {when(chat.updatedAt)}
                    {chat.local && signedIn && " · On this device"}
                  </span>
                </button>
                <button
                  type="button"
                  onClick={() => onRename(chat)}
                  aria-label={`Rename chat: ${chat.title}`}
                  title="Rename"
                  className={cn(
                    "inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-stone-700 hover:bg-surface hover:text-stone-900",
                    focusRing,
                  )}
                >
                  <Pencil size={18} aria-hidden />
                </button>
                <button
                  type="button"
                  onClick={() => onDelete(chat)}
                  aria-label={`Delete chat: ${chat.title}`}
                  title="Delete"
                  className={cn(
                    "inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-stone-700 hover:bg-surface hover:text-berry-fg",
                    focusRing,
                  )}
                >
                  <Trash2 size={18} aria-hidden />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
