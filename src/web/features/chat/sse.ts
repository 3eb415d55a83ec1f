/** One Server-Sent Event: its `event:` name ("message" when none was given) and joined `data:`. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text; a line or a field may be split anywhere across calls. */
  push(text: string): void;
  /** The stream ended: an event still being assembled is delivered rather than dropped. */
  end(): void;
}

/**
 * The text/event-stream format (HTML Living Standard §9.2.6): lines end in LF, CRLF or CR; a blank
 * line dispatches the event; `:` starts a comment; one space after the field's colon is dropped.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = "";
  let started = false;
  let eventName = "";
  let data: string[] = [];

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || "message", data: data.join("\n") });
    eventName = "";
    data = [];
  };

  const line = (text: string) => {
    if (text === "") return dispatch();
    if (text.startsWith(":")) return;
    const colon = text.indexOf(":");
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? "" : text.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") eventName = value;
    else if (field === "data") data.push(value);
  };

  return {
    push(text) {
      buffer += text;
      if (!started && buffer.length > 0) {
        started = true;
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      }
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== "\n" && char !== "\r") continue;
        // A CR at the very end may be the first half of a CRLF still on its way.
        if (char === "\r" && i === buffer.length - 1) break;
        line(buffer.slice(start, i));
        if (char === "\r" && buffer[i + 1] === "\n") i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer.endsWith("\r")) buffer = buffer.slice(0, -1);
      if (buffer !== "") line(buffer);
      buffer = "";
      dispatch();
    },
  };
}

/**
 * Reads a fetch body as Server-Sent Events until it ends. UTF-8 is decoded in streaming mode, so
 * a character split across two network chunks arrives whole. `onChunk` hears of every chunk (the
 * caller's idle timer).
 */
export async function readSseStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
  onChunk?: () => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder("utf-8");
  const parser = createSseParser(onEvent);
  try {
    while (true) {
      const { value, done } = await reader.read();
      if (done) break;
      onChunk?.();
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
