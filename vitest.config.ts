import { defineConfig } from "vitest/config";

// The projects without a browser run first, side by side (group 0); the browser suite runs
// alone after them (group 1), so Chromium and its servers never compete with the fuzzer for
// the machine's cores.
export default defineConfig({
  test: {
    reporters: [
      "default",
      "./tests/support/project-times-reporter.ts",
      "./tests/support/summary-reporter.ts",
    ],
    // Vitest's default is one worker fewer than the cores: one on a two-core CI box, where the
    // server tests' waits on PostgreSQL left the second core idle (group 0 took 17 minutes, 10
    // with two). The browser suite stays one file at a time (fileParallelism below).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["src/core/**/*.test.ts", "src/server/**/*.test.ts"],
          exclude: ["**/*.isolated.test.ts"],
          environment: "node",
          // Pure checks share one module cache: a fresh one per file cost three times their
          // run. A test that mocks a module is named *.isolated.test.ts and runs apart.
          isolate: false,
          // Some pure checks walk every catalogue crop (about 2 s alone); beside the fuzzer and
          // the server tests on two cores that can pass the 5 s default without being wrong.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "unit-isolated",
          sequence: { groupOrder: 0 },
          include: ["src/**/*.isolated.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          sequence: { groupOrder: 0 },
          include: ["tests/**/*.test.ts"],
          exclude: ["**/*.isolated.test.ts"],
          environment: "node",
          // Migrates once per run; each test app starts on a copy (tests/support/test-database.ts).
          globalSetup: ["./tests/support/global-setup.ts"],
          // One module cache per worker: the knowledge base, the catalogue and the built-in
          // assistant are then read and built once, not once per file (eight files: 164 s → 84 s).
          // A file that mocks a module is named *.isolated.test.ts and runs apart.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server-isolated",
          sequence: { groupOrder: 0 },
          include: ["tests/**/*.isolated.test.ts"],
          environment: "node",
          globalSetup: ["./tests/support/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "web",
          sequence: { groupOrder: 0 },
          include: ["src/web/**/*.test.tsx", "src/web/**/*.test.ts"],
          environment: "happy-dom",
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          // One compiled server for the suites that need no settings of their own.
          globalSetup: ["./e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One worker process for every file: each suite starts its own server and Chromium
          // anyway, and a fresh process per file re-imported Playwright and axe (about 2 s each).
          isolate: false,
          sequence: { groupOrder: 1 },
          // A poll waits for what the gardener would see, however busy the machine: a server
          // round trip on a loaded CI box can take seconds, and a poll that gives up at the
          // 1 s default fails a correct app.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
