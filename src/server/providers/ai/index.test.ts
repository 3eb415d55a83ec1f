import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { catalogue, loadCatalogue } from "../../features/catalogue/catalogue-read-model";
import { createAssistants } from "./index";

const config = loadConfig({
  NODE_ENV: "test",
  TENDRIL_DATA_DIR: "/nonexistent",
  PUBLIC_URL: "http://localhost:3000",
});
const log = pino({ level: "silent" });

describe("createAssistants", () => {
  it("gives every app of the process on one catalogue the same built-in engine", () => {
    const first = createAssistants(config, catalogue(), log);
    const second = createAssistants(config, catalogue(), log);
    expect(second.builtIn).toBe(first.builtIn);
    expect(second.assistant).toBe(first.assistant);
  });

  it("builds another engine for another catalogue", () => {
    const other = createAssistants(config, loadCatalogue(), log);
    expect(other.builtIn).not.toBe(createAssistants(config, catalogue(), log).builtIn);
  });
});
