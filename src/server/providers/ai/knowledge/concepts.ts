/**
 * Phrases whose meaning is not in their words, and the words the notes and facts use for it:
 * "loads of flowers but no courgettes" is poor fruit set; "gone to seed" is bolting. Added to a
 * question before its words are matched.
 */
const CONCEPTS: [RegExp, string][] = [
  [
    /\b(flowers?|blooms?|blossoms?|flowering)\b[^.?!]*\b(no|few|hardly any|not many|never|don'?t|won'?t) (set|fruit|\w+s)\b/i,
    "fruit set pollinate",
  ],
  [
    /\b(all|just|only) (leaves|leaf|foliage|tops?|greens)\b[^.?!]*\b(no|small|tiny) (bulbs?|roots?|fruit|tubers?)\b/i,
    "nitrogen crowded",
  ],
  [/\b(go|gone|going|goes|run|running|runs|ran|went|sent up)( \w+)? to seed\b/i, "bolt"],
  [/\b(won'?t|doesn'?t|don'?t|never|not|stopped) (flower|bloom|blossom)\w*/i, "flower light"],
  [/\bsticky\b/i, "honeydew"],
  [/\bsplit (it|them|the (clump|plant|crown|root ?ball))\b/i, "divide"],
  [
    /\b(get|take|pull|remove)\b[^.?!]*\b(babies|baby|pups?|offsets?|plantlets?)\b[^.?!]*\boff\b/i,
    "separate",
  ],
];

export function withConcepts(text: string): string {
  const added = CONCEPTS.filter(([pattern]) => pattern.test(text)).map(([, words]) => words);
  return added.length ? `${text} ${added.join(" ")}` : text;
}
