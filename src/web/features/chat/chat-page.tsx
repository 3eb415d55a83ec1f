import { History, MessageSquarePlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { focusRing } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/misc";
import { errorMessage } from "../../lib/api-client";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { usePlants } from "../../lib/garden-api";
import { getString, readMonthlyCount, setString } from "../../lib/storage";
import { toast } from "../../lib/toast-store";
import { useMe } from "../../lib/use-me";
import { useDeleteChat } from "./api/delete-chat";
import { useQuota } from "./api/get-quota";
import { useRenameChat } from "./api/rename-chat";
import { ChatHistory } from "./chat-history";
import { Composer, type ComposerHandle } from "./composer";
import { Conversation } from "./conversation";
import { DeleteChatDialog } from "./delete-chat-dialog";
import { isLocalChatId, localChats } from "./local-chats";
import { PlantChip } from "./plant-chip";
import { RenameChatDialog } from "./rename-chat-dialog";
import { UsageCounter } from "./usage-counter";
import { useChatEvents } from "./use-chat-events";
import { type ChatSummary, useChatHistory } from "./use-chat-history";
import { useChatSend } from "./use-chat-send";

/** Spec §2 /chat. Open to signed-out visitors too: their chats stay in this browser. */
export function ChatPage() {
  const { status } = useAuth();
  if (status === "loading") return <Spinner label="Checking your session…" />;
  // Signing in or out mid-visit starts the page over with the other set of chats.
  return <ChatScreen key={status} signedIn={status === "signed-in"} />;
}

const iconButton = cn(
  "inline-flex size-11 shrink-0 items-center justify-center rounded-xl border border-stone-300 bg-surface text-stone-900 hover:bg-stone-100 lg:hidden",
  focusRing,
);

/** ?new=1 or ?plantId= open a new chat (about that plant). */
function startsNewChat(params: URLSearchParams): boolean {
  return params.get("new") === "1" || params.has("plantId");
}

function ChatScreen({ signedIn }: { signedIn: boolean }) {
  const { user } = useAuth();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const [activeId, setActiveId] = useState<string | null>(() =>
    startsNewChat(params) ? null : getString("activeChatId"),
  );
  const [draftPlantId, setDraftPlantId] = useState<string | null>(() => params.get("plantId"));
  const [draft, setDraft] = useState("");
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [renaming, setRenaming] = useState<ChatSummary | null>(null);
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);
  const [browserCount, setBrowserCount] = useState(() => readMonthlyCount());
  const composer = useRef<ComposerHandle>(null);

  const history = useChatHistory(signedIn);
  useChatEvents(signedIn);
  const quota = useQuota(signedIn);
  const plants = usePlants(signedIn);
  const renameChat = useRenameChat();
  const deleteChat = useDeleteChat();
  // Cloud chats a send opened in this visit, in case the list has not caught up with them yet
  // (local chats are in the browser's store at once).
  const [opened] = useState(() => new Map<string, ChatSummary>());
  const activeChat = activeId
    ? (history.chats.find((c) => c.id === activeId) ?? opened.get(activeId) ?? null)
    : null;

  const sender = useChatSend({
    signedIn,
    userName: me.data?.displayName ?? user?.name ?? null,
    chat: activeChat,
    plantId: draftPlantId,
    onChatOpened: (chat) => {
      if (!chat.local) opened.set(chat.id, chat);
      setActiveId(chat.id);
    },
    onReturnDraft: (text) => setDraft((current) => (current.trim() ? current : text)),
    onCounted: setBrowserCount,
  });

  // Query parameters apply once, then leave the address (a reload keeps the chat, not a new one).
  useEffect(() => {
    if (!startsNewChat(params)) return;
    setActiveId(null);
    setDraftPlantId(params.get("plantId"));
    setParams({}, { replace: true });
  }, [params, setParams]);

  // Spec §3 activeChatId: the open chat is remembered for the next visit.
  useEffect(() => setString("activeChatId", activeId), [activeId]);

  // A remembered chat that is gone (deleted elsewhere, or another account's) opens a new one.
  const settled = isLocalChatId(activeId) || (!history.loading && !history.failed);
  useEffect(() => {
    if (activeId && !activeChat && settled && sender.pending?.chatId !== activeId)
      setActiveId(null);
  }, [activeId, activeChat, settled, sender.pending]);

  const plantId = activeId ? (activeChat?.plantId ?? null) : draftPlantId;
  const plantName = plantId ? plants.data?.find((p) => p.id === plantId)?.name : undefined;

  function startNewChat() {
    setActiveId(null);
    setDraftPlantId(null);
    setDrawerOpen(false);
    composer.current?.focus();
  }

  function open(chat: ChatSummary) {
    setActiveId(chat.id);
    setDrawerOpen(false);
  }

  function send(text: string) {
    if (sender.busy() || !text.trim()) return;
    setDraft("");
    void sender.send(text);
  }

  async function rename(chat: ChatSummary, title: string) {
    if (chat.local) return localChats.rename(chat.id, title);
    try {
      await renameChat.mutateAsync({ chatId: chat.id, title });
    } catch (error) {
      toast({
        title: "Couldn't rename the chat",
        description: errorMessage(error, "Check your connection and try again."),
        variant: "destructive",
      });
      throw error;
    }
  }

  async function remove(chat: ChatSummary) {
    if (chat.local) localChats.remove(chat.id);
    else {
      try {
        await deleteChat.mutateAsync(chat.id);
      } catch (error) {
        toast({
          title: "Couldn't delete the chat",
          description: errorMessage(error, "Check your connection and try again."),
          variant: "destructive",
        });
        throw error;
      }
    }
    opened.delete(chat.id);
    if (chat.id === activeId) setActiveId(null);
    if (!chat.local) deleteChat.forget(chat.id);
  }

  const historyProps = {
    chats: history.chats,
    activeId,
    loading: history.loading,
    failed: history.failed,
    signedIn,
    onRetry: history.retry,
    onSelect: open,
    onNew: startNewChat,
    // From the drawer, its sheet closes first: one dialog at a time.
    onRename: (chat: ChatSummary) => {
      setDrawerOpen(false);
      setRenaming(chat);
    },
    onDelete: (chat: ChatSummary) => {
      setDrawerOpen(false);
      setDeleting(chat);
    },
  };

  const waiting = sender.pending?.view.status === "thinking";

  return (
    <div className="flex h-[calc(100dvh-173px-env(safe-area-inset-bottom))] min-h-[30rem] flex-col gap-4 lg:h-[calc(100dvh-149px)]">
      <header className="flex shrink-0 items-center gap-2">
        <h1 className="mr-auto text-[22px] font-semibold text-stone-900 sm:text-[28px]">Chat</h1>
        <UsageCounter
          count={signedIn ? (quota.data?.usedThisMonth ?? null) : browserCount}
          today={
            signedIn && quota.data
              ? {
                  used: quota.data.usedToday,
                  limit: quota.data.dailyLimit,
                  resetsAt: quota.data.resetsAt,
                }
              : undefined
          }
        />
        <button
          type="button"
          className={iconButton}
          onClick={() => setDrawerOpen(true)}
          aria-label="Chats"
          title="Your chats"
        >
          <History size={20} aria-hidden />
        </button>
        <button
          type="button"
          className={iconButton}
          onClick={startNewChat}
          aria-label="New chat"
          title="New chat"
        >
          <MessageSquarePlus size={20} aria-hidden />
        </button>
      </header>

      <div className="mb-10 grid min-h-0 flex-1 gap-6 lg:mb-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <aside
          aria-label="Chat history"
          className="hidden min-h-0 flex-col rounded-[16px] border border-stone-300 bg-surface p-3 lg:flex"
        >
          <h2 className="mb-3 px-1 text-[18px] font-semibold text-stone-900">Your chats</h2>
          <ChatHistory {...historyProps} />
        </aside>

        <section
          aria-labelledby="conversation-title"
          className="flex min-h-0 flex-col overflow-hidden rounded-[16px] border border-stone-300 bg-surface"
        >
          <div className="flex shrink-0 flex-col gap-2 border-b border-stone-300 px-4 py-3 sm:px-6">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <h2
                id="conversation-title"
                className="min-w-0 flex-1 truncate text-[18px] font-semibold text-stone-900"
              >
                {activeChat?.title ?? "New chat"}
              </h2>
              {plantId && plantName && (
                <PlantChip
                  plantId={plantId}
                  name={plantName}
                  {...(activeId ? {} : { onClear: () => setDraftPlantId(null) })}
                />
              )}
            </div>
            {!signedIn && (
              <p className="text-sm text-stone-700">
                Chats are kept in this browser only.{" "}
                <Link
                  to="/auth"
                  className={cn(
                    "font-semibold text-leaf-fg underline underline-offset-2",
                    focusRing,
                  )}
                >
                  Sign in
                </Link>{" "}
                to save them and ask about your own plants.
              </p>
            )}
            {signedIn && activeChat?.local && (
              <p className="text-sm text-stone-700">
                This chat is kept on this device only: the server could not be reached when it
                started.
              </p>
            )}
          </div>

          <Conversation
            chat={activeChat}
            activeId={activeId}
            pending={sender.pending}
            revealKeys={sender.revealKeys}
            plantName={plantName ?? null}
            listFailed={history.failed}
            onRetryList={history.retry}
            onSuggestion={(text) => {
              setDraft(text);
              composer.current?.focus();
            }}
          />

          <div className="shrink-0 border-t border-stone-300 px-3 pt-3 pb-2 sm:px-4">
            <Composer
              ref={composer}
              value={draft}
              onChange={setDraft}
              onSend={send}
              sending={sender.sending}
              waiting={waiting}
            />
          </div>
        </section>
      </div>

      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen} title="Your chats" variant="sheet">
        <ChatHistory {...historyProps} />
      </Dialog>
      <RenameChatDialog chat={renaming} onClose={() => setRenaming(null)} onRename={rename} />
      <DeleteChatDialog chat={deleting} onClose={() => setDeleting(null)} onDelete={remove} />
    </div>
  );
}
