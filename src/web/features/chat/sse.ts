import { createParser } from "eventsource-parser";

/** One Server-Sent Event: its `event:` name ("message" when none was given) and joined `data:`. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads a fetch body as Server-Sent Events until it ends; eventsource-parser does the
 * text/event-stream format (line ends, comments, fields split across chunks). UTF-8 is decoded in
 * streaming mode, so a character split across two network chunks arrives whole, and the decoder
 * drops a leading BOM. `onChunk` hears of every chunk (the caller's idle timer).
 */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
  onChunk?: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  const parser = createParser({
    onEvent: ({ event, data }) => onEvent({ event: event ?? "message", data }),
  });
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      onChunk?.();
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
    // The parser, like a browser's EventSource, drops an event still being assembled when the
    // stream ends; a server that closed right after its last `data:` line still meant it, so a
    // blank line finishes that event (and dispatches nothing when there is none).
    parser.feed("\n\n");
  } finally {
    reader.releaseLock();
  }
}
