import { describe, expect, it, vi } from "vitest";
import { checkOutboundUrl } from "../../lib/outbound-url";
import { createWebPushSender, generateVapidKeys } from "./web-push-sender";

describe("createWebPushSender", () => {
  it("does not send to an endpoint that now resolves to a private address", async () => {
    const log = { warn: vi.fn() };
    const resolve = vi.fn(async () => [{ address: "10.0.0.7", family: 4 }]);
    const sender = createWebPushSender({
      keys: generateVapidKeys(),
      subject: "mailto:ops@example.com",
      log: log as never,
      checkEndpoint: (endpoint) =>
        checkOutboundUrl(endpoint, {
          what: "endpoint",
          protocols: ["https:"],
          allowPrivate: false,
          resolve,
        }),
    });
    const target = {
      endpoint: "https://push.example.com/send/secret",
      p256dh:
        "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
      auth: "tBHItJI5svbpez7KI4CCXg",
    };
    expect(await sender.send(target, "{}")).toBe("failed");
    expect(resolve).toHaveBeenCalledWith("push.example.com");
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ host: "push.example.com" }),
      expect.stringContaining("reminder not sent"),
    );
  });
});
