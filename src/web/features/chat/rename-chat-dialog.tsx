import { type FormEvent, useState } from "react";
import { CHAT_TITLE_LIMIT } from "../../../core/schemas/chat";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Field, Input } from "../../components/ui/field";
import { cleanTitle } from "./chat-title";
import type { ChatSummary } from "./use-chat-history";

/**
 * Spec §5: Rename asks for a name; an empty one is ignored (Save waits for a name), and a name
 * keeps to 60 characters.
 */
export function RenameChatDialog({
  chat,
  onClose,
  onRename,
}: {
  chat: ChatSummary | null;
  onClose: () => void;
  onRename: (chat: ChatSummary, title: string) => Promise<void>;
}) {
  return (
    <Dialog open={chat !== null} onOpenChange={(open) => !open && onClose()} title="Rename chat">
      {chat && <RenameForm key={chat.id} chat={chat} onClose={onClose} onRename={onRename} />}
    </Dialog>
  );
}

function RenameForm({
  chat,
  onClose,
  onRename,
}: {
  chat: ChatSummary;
  onClose: () => void;
  onRename: (chat: ChatSummary, title: string) => Promise<void>;
}) {
  const [value, setValue] = useState(chat.title);
  const [saving, setSaving] = useState(false);
  const title = cleanTitle(value);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title || saving) return;
    if (title === chat.title) return onClose();
    setSaving(true);
    try {
      await onRename(chat, title);
      onClose();
    } catch {
      // The page has said what went wrong; the dialog stays open to try again.
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <Field
        label="Chat name"
        hint={
          title
            ? `Up to ${CHAT_TITLE_LIMIT} characters.`
            : "Type a name to save; an empty name keeps the current one."
        }
      >
        {(props) => (
          <Input
            {...props}
            value={value}
            maxLength={CHAT_TITLE_LIMIT}
            onChange={(event) => setValue(event.target.value)}
            autoComplete="off"
            autoFocus
          />
        )}
      </Field>
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={!title || saving}>
          {saving ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
