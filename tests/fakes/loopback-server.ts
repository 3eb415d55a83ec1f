import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An HTTP server for a fake service on 127.0.0.1 (a free port): `handle` answers each request, and
 * `onError` answers one whose handler threw. `close` also ends connections still waiting for a
 * reply (fakes that hang on purpose), so the server can stop.
 */
export async function serveOnLoopback(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  onError: (res: ServerResponse, error: unknown) => void,
  /** 0: any free port. */
  port = 0,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => onError(res, error));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
