import { CalendarPlus, Sprout } from "lucide-react";
import { Link } from "react-router";
import { engineLabels } from "../../components/engine-labels";
import { focusRing } from "../../components/ui/button";
import { ReplyMarkdown } from "../../components/ui/markdown";
import { cn } from "../../lib/cn";
import { actionLine, type ChatMessageView } from "./messages";
import { useReveal } from "./use-reveal";

export const THINKING_TEXT = "Thinking…";

function ThinkingDots() {
  return (
    <span aria-hidden className="inline-flex gap-1">
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 animate-bounce rounded-full bg-leaf-500 motion-reduce:animate-none"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

function AssistantBody({ message, animate }: { message: ChatMessageView; animate: boolean }) {
  const shown = useReveal(message.content, animate);
  const typing = message.status !== undefined || shown.length < message.content.length;
  return (
    <>
      {message.status === "thinking" ? (
        <p className="flex items-center gap-2 text-stone-700">
          <ThinkingDots />
          {THINKING_TEXT}
        </p>
      ) : (
        <div className="break-words">
          <ReplyMarkdown text={shown} />
        </div>
      )}
      {!typing && <AnswerDetails message={message} />}
    </>
  );
}

/** Under an answer: who wrote it, what it drew on, and what it did. */
function AnswerDetails({ message }: { message: ChatMessageView }) {
  const { engine, sources, actions } = message;
  if (!engine && sources.length === 0 && actions.length === 0) return null;
  return (
    <div className="mt-3 flex flex-col gap-1.5 border-t border-stone-300 pt-2 text-sm text-stone-700">
      {actions.length > 0 && (
        <ul className="flex flex-col gap-1">
          {actions.map((action) => {
            const line = actionLine(action);
            return (
              <li key={action.id}>
                <Link
                  to={line.to}
                  className={cn(
                    "inline-flex items-start gap-1.5 rounded font-semibold text-leaf-fg underline-offset-2 hover:underline",
                    focusRing,
                  )}
                >
                  <CalendarPlus size={16} aria-hidden className="mt-0.5 shrink-0" />
                  {line.text}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {sources.length > 0 && (
        <p>
          <span className="font-semibold">Sources:</span>{" "}
          {sources.map((source) => source.title).join(" · ")}
        </p>
      )}
      {engine && (
        <p>
          <span className="inline-flex rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700">
            {engineLabels[engine]}
          </span>
        </p>
      )}
    </div>
  );
}

/**
 * One message. The gardener's own words are shown as typed; the assistant's answer is Markdown,
 * typed out when it arrives (`animate`), with its sources, tasks it added and its engine below.
 */
export function MessageBubble({
  message,
  animate = false,
}: {
  message: ChatMessageView;
  animate?: boolean;
}) {
  if (message.role === "user") {
    return (
      <li className="flex justify-end">
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-leaf-700 px-4 py-2.5 break-words whitespace-pre-wrap text-white">
          <span className="sr-only">You: </span>
          {message.content}
        </div>
      </li>
    );
  }
  return (
    <li className="flex items-start gap-2">
      <span
        aria-hidden
        className="mt-1 hidden size-8 shrink-0 items-center justify-center rounded-full bg-leaf-100 text-leaf-fg sm:inline-flex"
      >
        <Sprout size={18} />
      </span>
      <div
        className="min-w-0 max-w-full rounded-2xl rounded-tl-md border border-stone-300 bg-surface px-4 py-3 text-stone-900 sm:max-w-[85%]"
        aria-busy={message.status !== undefined}
      >
        <span className="sr-only">Assistant: </span>
        <AssistantBody message={message} animate={animate} />
      </div>
    </li>
  );
}
