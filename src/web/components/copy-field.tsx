import { type ReactNode, useId, useRef, useState } from "react";
import { cn } from "../lib/cn";
import { focusRing } from "./ui/button";
import { Alert } from "./ui/misc";

/**
 * A read-only text to copy (a calendar address, an API token): shown whole, wrapped, in a
 * textarea rather than cut to one line on a phone. `children` draws the buttons and gets the copy
 * action. Where the browser refuses the clipboard (an http:// address, a denied permission) the
 * text is selected to copy by hand, and a note says so.
 */
export function CopyField({
  label,
  hideLabel = false,
  value,
  what,
  rows,
  className,
  children,
}: {
  label: string;
  hideLabel?: boolean;
  value: string;
  /** "address", "token": what the note about copying by hand calls it. */
  what: string;
  rows: number;
  className?: string;
  children: (copy: { copy: () => void; copied: boolean }) => ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const [copyFailed, setCopyFailed] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  async function copy() {
    setCopyFailed(false);
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopyFailed(true);
    }
  }

  return (
    <>
      <label
        htmlFor={id}
        className={hideLabel ? "sr-only" : "text-sm font-semibold text-stone-700"}
      >
        {label}
      </label>
      <textarea
        id={id}
        ref={input}
        readOnly
        rows={rows}
        value={value}
        onFocus={(event) => event.currentTarget.select()}
        className={cn(
          "block w-full resize-none rounded-xl border border-stone-300 px-3 py-2 font-mono text-sm text-stone-900 [overflow-wrap:anywhere] sm:[field-sizing:content]",
          focusRing,
          className,
        )}
      />
      {copyFailed && (
        <Alert tone="info">
          This browser didn't allow copying. The {what} is selected: copy it with Ctrl+C (⌘C on a
          Mac) or long-press.
        </Alert>
      )}
      {children({ copy: () => void copy(), copied })}
    </>
  );
}
