import type { IncomingMessage, ServerResponse } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import {
  PUBLIC_STAND_IN,
  type RebindingHost,
  startRebindingHost,
} from "../../../../tests/fakes/rebinding-host";
import { createOutboundClient } from "../../lib/outbound-client";
import { OutboundUrlRefused } from "../../lib/outbound-url";
import { ChannelCallFailed, type ChannelMessage, sendToChannel } from "./channel-sender";

const message: ChannelMessage = {
  type: "tendril.test",
  date: "2026-05-01",
  title: "Tendril test message",
  body: "This channel works.",
  tasks: [],
  url: "https://tendril.example/plants",
};

let host: RebindingHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/**
 * A webhook on a name that answers the stand-in for the first check and 127.0.0.1 after it
 * (`rebinds`), or the stand-in always.
 */
async function webhook(
  answer?: (req: IncomingMessage, res: ServerResponse) => void,
  rebinds = true,
) {
  host = await startRebindingHost(answer);
  const rebinding = host;
  const outbound = createOutboundClient({
    allowPrivate: false,
    resolve: rebinds
      ? (name) => rebinding.resolve(name)
      : async () => [{ address: PUBLIC_STAND_IN, family: 4 }],
    alsoPublic: [PUBLIC_STAND_IN],
  });
  const target = { id: "c1", kind: "webhook" as const, url: rebinding.url("/hook"), token: null };
  return { rebinding, send: () => sendToChannel(outbound, target, message) };
}

describe("sendToChannel", () => {
  it("posts to the address it checked, never to 127.0.0.1 that the name answers next", async () => {
    const { rebinding, send } = await webhook();
    await send();
    expect(rebinding.checked).toHaveLength(1);
    expect(JSON.parse(rebinding.checked[0]?.body ?? "")).toMatchObject({ type: "tendril.test" });
    expect(rebinding.internal).toEqual([]);
    // The next call checks again: the name now answers 127.0.0.1, so nothing is sent.
    await expect(send()).rejects.toBeInstanceOf(OutboundUrlRefused);
    expect(rebinding.internal).toEqual([]);
  });

  it("says the host answered an error, with its status, never what it answered", async () => {
    const { send } = await webhook((_req, res) => {
      res.writeHead(500, { "content-type": "text/plain" }).end("db at 10.0.0.5:5432 refused");
    }, false);
    const failed = send();
    await expect(failed).rejects.toBeInstanceOf(ChannelCallFailed);
    await expect(failed).rejects.toThrow(/^localhost:\d+ answered with an error \(HTTP 500\)\.$/);
  });

  it("keeps the hints for a refused token and for a redirect", async () => {
    let status = 401;
    const { send } = await webhook((_req, res) => {
      res.writeHead(status, { location: "http://169.254.169.254/" }).end();
    }, false);
    await expect(send()).rejects.toThrow(
      "answered with an error (HTTP 401). Check the access token (ntfy) or the URL's secret.",
    );
    status = 302;
    await expect(send()).rejects.toThrow(
      /^localhost:\d+ answered 302, a redirect: give the address it redirects to\.$/,
    );
  });
});
