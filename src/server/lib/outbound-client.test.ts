import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  PUBLIC_STAND_IN,
  type RebindingHost,
  startRebindingHost,
} from "../../../tests/fakes/rebinding-host";
import { createOutboundClient, OutboundCallFailed, type OutboundRequest } from "./outbound-client";
import { OutboundUrlRefused } from "./outbound-url";

const post = (body = "hello", timeoutMs?: number): OutboundRequest => ({
  what: "The address",
  protocols: ["http:", "https:"],
  method: "POST",
  headers: { "content-type": "text/plain" },
  body,
  ...(timeoutMs ? { timeoutMs } : {}),
});

let host: RebindingHost | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

/** A client that checks against the rebinding host's DNS, its stand-in counted as public. */
function clientOf(rebinding: RebindingHost) {
  return createOutboundClient({
    allowPrivate: false,
    resolve: (name) => rebinding.resolve(name),
    alsoPublic: [PUBLIC_STAND_IN],
  });
}

/** A server on the stand-in's address that answers each request with `handle`. */
async function standIn(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  host = await startRebindingHost(handle);
  return host;
}

describe("createOutboundClient", () => {
  it("connects only to the address it checked, though the name answers 127.0.0.1 by then", async () => {
    host = await startRebindingHost();
    const client = clientOf(host);
    expect(await client.send(host.url("/hook"), post("water the beans"))).toBe(200);
    expect(host.checked).toEqual([{ path: "/hook", body: "water the beans" }]);
    // The system resolver says 127.0.0.1 for localhost: a second lookup would have gone there.
    expect(host.internal).toEqual([]);
    expect(host.lookups).toEqual(["localhost"]);
  });

  it("checks the name again before each call, so a later answer of 127.0.0.1 is refused", async () => {
    host = await startRebindingHost();
    const client = clientOf(host);
    await client.check(host.url("/hook"), post());
    const refused = client.send(host.url("/hook"), post());
    await expect(refused).rejects.toBeInstanceOf(OutboundUrlRefused);
    await expect(refused).rejects.toThrow("this server itself (a loopback address)");
    expect(host.lookups).toEqual(["localhost", "localhost"]);
    expect(host.checked).toEqual([]);
    expect(host.internal).toEqual([]);
  });

  it("does not follow a redirect: it answers the 3xx and calls nothing else", async () => {
    const rebinding = await standIn((_req, res) => {
      res.writeHead(307, { location: "http://127.0.0.1:9/latest/meta-data" }).end();
    });
    expect(await clientOf(rebinding).send(rebinding.url("/hook"), post())).toBe(307);
    expect(rebinding.checked).toHaveLength(1);
    expect(rebinding.internal).toEqual([]);
  });

  it("gives up on a host that does not answer in time, naming only the host", async () => {
    const rebinding = await standIn(() => {});
    const call = clientOf(rebinding).send(rebinding.url("/slow"), post("x", 200));
    await expect(call).rejects.toBeInstanceOf(OutboundCallFailed);
    await expect(call).rejects.toThrow(/^localhost:\d+ did not answer within 0.2 s\.$/);
  });

  it("reads a few KB of an answer and drops the connection", async () => {
    let finished = false;
    let closed: () => void = () => {};
    const connectionClosed = new Promise<void>((resolve) => {
      closed = resolve;
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const rebinding = await standIn((_req, res) => {
      res.on("finish", () => {
        finished = true;
      });
      res.on("close", closed);
      res.writeHead(200);
      // 64 MB: far more than the sockets' buffers hold, so only a reader could take it all.
      let left = 1024;
      const more = () => {
        while (left > 0) {
          left -= 1;
          if (!res.write(chunk)) return void res.once("drain", more);
        }
        res.end();
      };
      more();
    });
    expect(await clientOf(rebinding).send(rebinding.url("/big"), post())).toBe(200);
    await connectionClosed;
    expect(finished).toBe(false);
  });

  it("says which host could not be reached, not the address it connected to", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, PUBLIC_STAND_IN, resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const client = createOutboundClient({
      allowPrivate: false,
      resolve: async () => [{ address: PUBLIC_STAND_IN, family: 4 }],
      alsoPublic: [PUBLIC_STAND_IN],
    });
    const call = client.send(`http://garden.example:${port}/hook`, post());
    await expect(call).rejects.toBeInstanceOf(OutboundCallFailed);
    await expect(call).rejects.toThrow(
      /^garden\.example:\d+ could not be reached \(ECONNREFUSED\)\.$/,
    );
  });

  it("looks nothing up and connects by DNS when the operator allows private addresses", async () => {
    const server = createServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const resolve = async () => {
        throw new Error("looked up");
      };
      const client = createOutboundClient({ allowPrivate: true, resolve });
      expect(await client.send(`http://localhost:${port}/x`, post())).toBe(204);
      await expect(client.send(`ftp://localhost:${port}/x`, post())).rejects.toThrow(
        "The address must be an http:// or https:// URL.",
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
