/**
 * What the classifier sees of a message: its words, word pairs, the first words (questions open
 * with what they ask: "how often", "is it too late"), and each word's letter runs of 3 to 5, which
 * carry typos and inflections ("tomatos", "pruning") to the words the examples used.
 */

/** Lower case, apostrophes and punctuation dropped ("what's" and "whats" read alike). */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .replace(/[^\p{L}\p{N}°]+/gu, " ")
    .trim();
}

export function featuresOf(text: string): string[] {
  const words = normalise(text).split(" ").filter(Boolean);
  const features = new Set<string>();
  for (const [i, word] of words.entries()) {
    features.add(`w:${word}`);
    const next = words[i + 1];
    if (next) features.add(`b:${word} ${next}`);
    const padded = `<${word}>`;
    for (let n = 3; n <= 5; n++) {
      for (let at = 0; at + n <= padded.length; at++) features.add(`c:${padded.slice(at, at + n)}`);
    }
  }
  if (words[0]) features.add(`f:${words[0]}`);
  if (words[1]) features.add(`f:${words[0]} ${words[1]}`);
  if (words[2]) features.add(`f:${words[0]} ${words[1]} ${words[2]}`);
  if (words.length <= 3) features.add("short");
  return [...features];
}
