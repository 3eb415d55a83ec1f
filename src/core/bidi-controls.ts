/**
 * The Unicode controls that turn the direction of the text after them: embeddings and overrides
 * (U+202A–U+202E), isolates (U+2066–U+2069) and the direction marks (U+200E, U+200F, U+061C). In
 * a name they show it, and what is printed after it on the same line, reversed or moved (issue 37:
 * an account's name turned the e-mail beside it around on /admin). Right-to-left scripts need
 * none of them: the browser sets Arabic or Hebrew right to left by itself.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text with every direction control taken out. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}
