import fs from "node:fs";
import Fastify from "fastify";

/** What the bench captured from the app's answer, to be sent again byte for byte. */
interface ReadyReply {
  headers: Record<string, string>;
  body: string;
}

// The reference point of DESIGN.md's API budget: a bare Fastify app, no logger, one JSON route.
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
// The same framework sending the same bytes as the app's answer (its headers and body, read from
// the file the bench names), in its cheapest form (the body encoded once, as the app's response
// cache keeps it): what that reply costs here before any application work.
const ready = JSON.parse(fs.readFileSync(String(process.argv[2]), "utf8")) as ReadyReply;
const body = Buffer.from(ready.body);
app.get("/ready-body", async (_request, reply) => reply.headers(ready.headers).send(body));
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === "object" ? address?.port : 0 })}\n`,
);
// Exits with the bench: its stdin pipe closes when the parent ends, however it ends.
process.stdin.on("close", () => void app.close().then(() => process.exit(0)));
process.stdin.resume();
