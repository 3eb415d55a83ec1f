import module from "node:module";

// The compiled server's entry (scripts/build-server.mjs). V8 keeps the code it compiled on disk
// (in the system's temp folder) between starts, so a restart skips compiling the bundle again. It
// must be switched on before the server's modules load, hence this file and a dynamic import.
module.enableCompileCache?.();
await import("./main");
