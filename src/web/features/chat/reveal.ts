/** Spec §9 "Typing animation": each animation frame reveals roughly 1/140 of the reply. */
export const REVEAL_FRACTION = 140;

/**
 * How many characters to show on the next frame. While the reply still streams in, its full
 * length is unknown, so the part that has arrived stands for it: the step grows with the text,
 * and whatever has arrived is on screen within 140 frames (about 2 s) at most.
 */
export function nextRevealLength(shown: number, text: string): number {
  const total = text.length;
  if (shown >= total) return total;
  const step = Math.max(1, Math.ceil(total / REVEAL_FRACTION));
  let next = Math.min(total, shown + step);
  // Never cut a surrogate pair (an emoji) in half.
  const code = text.charCodeAt(next - 1);
  if (next < total && code >= 0xd800 && code <= 0xdbff) next += 1;
  return next;
}

/** Spec §4 Chat: the reply opens with 'Hi {name},' — shown at once, the rest typed out. */
export function greetingLength(text: string): number {
  const match = /^Hi\b[^\n]{0,120},[ \t]*(?:\r?\n)*/.exec(text);
  return match ? match[0].length : 0;
}
