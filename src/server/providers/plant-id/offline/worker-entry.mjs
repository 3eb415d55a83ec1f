// A worker thread starts without the server's TypeScript loader: register tsx, then load the
// worker itself. Plain JavaScript because it has to run before any TypeScript can.
import { tsImport } from "tsx/esm/api";

await tsImport("./worker.ts", import.meta.url);
