import { SendHorizontal } from "lucide-react";
import {
  type FormEvent,
  forwardRef,
  type KeyboardEvent,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from "react";
import { CHAT_MESSAGE_LIMIT } from "../../../core/schemas/chat";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/misc";
import { cn } from "../../lib/cn";

/** Spec §8: shown while a message is being sent. */
export const STILL_THINKING = "Still thinking—this can take a moment…";

const MAX_HEIGHT_PX = 160;

export interface ComposerHandle {
  focus: () => void;
}

interface ComposerProps {
  value: string;
  onChange: (value: string) => void;
  /** Called for a non-empty message; the page ignores it while a send is in flight. */
  onSend: (text: string) => void;
  sending: boolean;
  /** Still waiting for the first words of the reply. */
  waiting: boolean;
}

/**
 * The message input (spec §5): Enter sends, Shift+Enter starts a new line; an empty message or
 * one while another is on its way is ignored. It grows with its text up to a few lines.
 */
export const Composer = forwardRef<ComposerHandle, ComposerProps>(function Composer(
  { value, onChange, onSend, sending, waiting },
  ref,
) {
  const input = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);
  const empty = value.trim() === "";
  const nearLimit = value.length > CHAT_MESSAGE_LIMIT - 200;

  // Grow with the text, and shrink back when a send empties it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the value
  useLayoutEffect(() => {
    const box = input.current;
    if (!box) return;
    box.style.height = "auto";
    box.style.height = `${Math.min(box.scrollHeight, MAX_HEIGHT_PX)}px`;
    box.style.overflowY = box.scrollHeight > MAX_HEIGHT_PX ? "auto" : "hidden";
  }, [value]);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (empty || sending) return;
    onSend(value);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor="chat-message" className="sr-only">
        Message the gardening assistant
      </label>
      <div
        className={cn(
          "flex items-end gap-2 rounded-2xl border border-stone-300 bg-surface p-1.5",
          "focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-leaf-fg",
        )}
      >
        <textarea
          ref={input}
          id="chat-message"
          rows={1}
          value={value}
          maxLength={CHAT_MESSAGE_LIMIT}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask about your garden…"
          aria-describedby="chat-message-hint"
          className="min-h-11 flex-1 resize-none bg-transparent px-2.5 py-2.5 text-base text-stone-900 placeholder:text-stone-500 focus:outline-none"
        />
        <Button
          type="submit"
          disabled={empty || sending}
          className="shrink-0 px-3 sm:px-4"
          aria-label="Send"
        >
          <SendHorizontal size={20} aria-hidden />
          <span className="hidden sm:inline" aria-hidden>
            Send
          </span>
        </Button>
      </div>
      <div
        id="chat-message-hint"
        className="flex items-center justify-between gap-3 px-1 text-xs text-stone-700 sm:min-h-5"
      >
        {sending && waiting ? (
          <Spinner label={STILL_THINKING} />
        ) : (
          <span className="hidden sm:inline">Enter to send · Shift+Enter for a new line</span>
        )}
        {nearLimit && (
          <span className="ml-auto tabular-nums">
            {value.length.toLocaleString()}/{CHAT_MESSAGE_LIMIT.toLocaleString()}
          </span>
        )}
      </div>
    </form>
  );
});
