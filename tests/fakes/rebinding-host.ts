import type { LookupAddress } from "node:dns";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** The address the check is shown, standing in for a host on the internet (tests mark it public). */
export const PUBLIC_STAND_IN = "127.0.0.2";
/** What the name answers next: the server's own loopback, as a rebinding attacker would aim. */
const INTERNAL = "127.0.0.1";

export interface ReachedRequest {
  path: string;
  body: string;
}

export interface RebindingHost {
  /** A URL on the name `localhost`: the system resolver says 127.0.0.1 for it. */
  url(path: string): string;
  /** The rebinding DNS: the first lookup answers the stand-in, every later one 127.0.0.1. */
  resolve(host: string): Promise<LookupAddress[]>;
  lookups: string[];
  /** Requests the stand-in (the checked address) received. */
  checked: ReachedRequest[];
  /** Requests that reached 127.0.0.1: a call that resolved the name again after its check. */
  internal: ReachedRequest[];
  close(): Promise<void>;
}

/**
 * A host name whose DNS answer changes between a check and the call (DNS rebinding): listeners
 * on 127.0.0.2 and 127.0.0.1 on one port record which address each request reached. `answer`
 * replies to requests at the stand-in (200 and "{}" by default).
 */
export async function startRebindingHost(
  answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end("{}"),
): Promise<RebindingHost> {
  const checked: ReachedRequest[] = [];
  const internal: ReachedRequest[] = [];
  const recorder = (into: ReachedRequest[], reply: typeof answer) =>
    createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk: string) => {
        body += chunk;
      });
      req.on("end", () => {
        into.push({ path: req.url ?? "/", body });
        reply(req, res);
      });
    });
  const standIn = recorder(checked, answer);
  const loopback = recorder(internal, (_req, res) => res.end("internal service"));
  const port = await listenOnSamePort(standIn, loopback);
  const lookups: string[] = [];
  return {
    url: (path) => `http://localhost:${port}${path}`,
    async resolve(host) {
      lookups.push(host);
      const address = lookups.length === 1 ? PUBLIC_STAND_IN : INTERNAL;
      return [{ address, family: 4 }];
    },
    lookups,
    checked,
    internal,
    close: async () => {
      await Promise.all(
        [standIn, loopback].map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}

/** A free port on 127.0.0.2 that is free on 127.0.0.1 too (tried again if it is not). */
async function listenOnSamePort(standIn: Server, loopback: Server): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    await listen(standIn, 0, PUBLIC_STAND_IN);
    const { port } = standIn.address() as AddressInfo;
    try {
      await listen(loopback, port, INTERNAL);
      return port;
    } catch (err) {
      await new Promise<void>((resolve) => standIn.close(() => resolve()));
      if (attempt >= 5) throw err;
    }
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
