import { type RefObject, useEffect, useRef } from "react";
import { MessageBubble } from "./message-bubble";
import type { ChatMessageView } from "./messages";

const NEAR_END_PX = 120;

const atEnd = (box: HTMLElement) =>
  box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_END_PX;

/**
 * The conversation, oldest first, in its scrolling box. While the gardener is at the end it
 * stays there as a reply grows; scrolled up to read, it leaves them be. A new message always
 * brings the end back into view.
 */
export function MessageList({
  messages,
  scrollBox,
}: {
  messages: ChatMessageView[];
  scrollBox: RefObject<HTMLElement | null>;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const stick = useRef(true);
  const lastKey = messages.at(-1)?.key;

  useEffect(() => {
    const box = scrollBox.current;
    if (!box) return;
    const onScroll = () => {
      stick.current = atEnd(box);
    };
    box.addEventListener("scroll", onScroll, { passive: true });
    return () => box.removeEventListener("scroll", onScroll);
  }, [scrollBox]);

  useEffect(() => {
    const box = scrollBox.current;
    if (!lastKey || !box) return;
    stick.current = true;
    box.scrollTop = box.scrollHeight;
  }, [lastKey, scrollBox]);

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      const box = scrollBox.current;
      if (box && stick.current) box.scrollTop = box.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, [scrollBox]);

  return (
    <ol ref={listRef} aria-label="Messages" className="flex flex-col gap-4">
      {messages.map((message) => (
        // A reply on its way is typed out; it keeps its key (and its place in the typing) once
        // stored, while replies loaded from history show whole.
        <MessageBubble key={message.key} message={message} animate={message.status !== undefined} />
      ))}
    </ol>
  );
}
