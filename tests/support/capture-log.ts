import { Writable } from "node:stream";
import pino from "pino";

/** One JSON log line as pino writes it. */
export type LogLine = Record<string, unknown> & { level: number; msg: string };

/**
 * A pino logger at debug level whose output a test can read back, as text or as parsed lines; its
 * stream can also take an app's log (AppOverrides.logStream).
 */
export function captureLog() {
  let text = "";
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  const lines = () =>
    text
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  return { log: pino({ level: "debug" }, stream), stream, text: () => text, lines };
}
