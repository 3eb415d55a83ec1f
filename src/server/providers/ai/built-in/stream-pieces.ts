/**
 * Splits a composed reply into the pieces sent as `delta` events: a few words each, cut at
 * whitespace so markdown markers are never split inside a word.
 */
export function streamPieces(text: string, size = 48): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const part of text.split(/(?<=\s)/)) {
    piece += part;
    if (piece.length >= size) {
      pieces.push(piece);
      piece = "";
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}
