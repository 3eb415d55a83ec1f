import { useState } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import type { ChatSummary } from "./use-chat-history";

/** Spec §5: deleting a chat asks 'Delete this chat?'. */
export const DELETE_CHAT_CONFIRMATION = "Delete this chat?";

export function DeleteChatDialog({
  chat,
  onClose,
  onDelete,
}: {
  chat: ChatSummary | null;
  onClose: () => void;
  onDelete: (chat: ChatSummary) => Promise<void>;
}) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (!chat) return;
    setDeleting(true);
    try {
      await onDelete(chat);
      onClose();
    } catch {
      // The page has said what went wrong; the dialog stays open to try again.
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog
      open={chat !== null}
      onOpenChange={(open) => !open && onClose()}
      title={DELETE_CHAT_CONFIRMATION}
      description={chat ? `“${chat.title}” and its messages will be gone for good.` : undefined}
      dismissible={!deleting}
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={deleting}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={deleting}>
          {deleting ? "Deleting…" : "Delete"}
        </Button>
      </div>
    </Dialog>
  );
}
