import Fastify from "fastify";

// The reference point of DESIGN.md's API budget: a bare Fastify app, no logger, one JSON route.
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
// The same framework sending a ready-made body as large as a page of tasks: what such a reply
// costs here before any application work (the size comes from the bench, in bytes).
const ready = JSON.stringify({
  filler: "x".repeat(Math.max(0, Number(process.argv[2] ?? 0) - 14)),
});
app.get("/ready-body", async (_request, reply) => reply.type("application/json").send(ready));
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ port: typeof address === "object" ? address?.port : 0 })}\n`,
);
// Exits with the bench: its stdin pipe closes when the parent ends, however it ends.
process.stdin.on("close", () => void app.close().then(() => process.exit(0)));
process.stdin.resume();
