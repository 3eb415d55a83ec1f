import { useEffect, useState } from "react";
import { greetingLength, nextRevealLength } from "./reveal";

const reducedMotion = () =>
  typeof window !== "undefined" &&
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * How much of `text` to show. A reply that arrives while the page is open is typed out about
 * 1/140 of it per animation frame, its 'Hi {name},' greeting at once; one loaded from history,
 * or any reply when the gardener prefers reduced motion, shows whole (STYLE: Motion).
 */
export function useReveal(text: string, animate: boolean): string {
  const [shown, setShown] = useState(() => (animate && !reducedMotion() ? 0 : text.length));
  // A retry starts the reply over: type the new one from its beginning.
  if (text.length === 0 && shown !== 0) setShown(0);
  const floor = greetingLength(text);
  const visible = Math.max(shown, floor);

  useEffect(() => {
    if (visible >= text.length) return;
    if (reducedMotion()) {
      setShown(text.length);
      return;
    }
    const frame = requestAnimationFrame(() => setShown(nextRevealLength(visible, text)));
    return () => cancelAnimationFrame(frame);
  }, [visible, text]);

  return text.slice(0, Math.min(visible, text.length));
}
