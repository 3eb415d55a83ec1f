import fs from "node:fs";
import path from "node:path";

/**
 * Summarises a V8 .cpuprofile (from `npm run load -- --profile` or `node --cpu-prof`): self and
 * inclusive time by function and file, and self time by package.
 *
 *   npx tsx scripts/load/profile-summary.ts <file.cpuprofile> [--top N] [--match regex]
 *
 * --match lists every function whose "name file:line" matches, by inclusive time. Inclusive time
 * follows synchronous stacks only: work after an `await` is charged to the microtask queue, not to
 * the async function that awaited.
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

function shortUrl(url: string): string {
  const file = url.startsWith("file://") ? decodeURIComponent(new URL(url).pathname) : url;
  const inModules = file.lastIndexOf("/node_modules/");
  if (inModules >= 0) return file.slice(inModules + "/node_modules/".length);
  return file.startsWith(`${root}/`) ? file.slice(root.length + 1) : file;
}

function keyOf({ functionName, url, lineNumber }: CallFrame): string {
  const name = functionName || "(anonymous)";
  return url ? `${name} ${shortUrl(url)}:${lineNumber + 1}` : name;
}

/** The package (the innermost node_modules folder) or area of this repository a frame is in. */
function packageOf({ functionName, url }: CallFrame): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("node:")) return "node (internals)";
  const packages = [...url.matchAll(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//g)];
  const innermost = packages[packages.length - 1]?.[1];
  if (innermost) return innermost;
  const parts = shortUrl(url).split("/");
  return parts[0] === "src" ? parts.slice(0, 3).join("/") : (parts[0] ?? url);
}

function main() {
  const args = process.argv.slice(2);
  const file = args.find((arg) => !arg.startsWith("--") && !/^\d+$/.test(arg));
  if (!file) {
    throw new Error("usage: profile-summary.ts <file.cpuprofile> [--top N] [--match regex]");
  }
  const top = Number(args[args.indexOf("--top") + 1]) || 25;
  const matchAt = args.indexOf("--match");
  const match = matchAt >= 0 ? new RegExp(args[matchAt + 1] ?? "", "i") : null;
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map<number, number>();
  // timeDeltas[i] is the time from the previous sample to sample i: charge it to sample i.
  profile.samples.forEach((id, i) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, profile.timeDeltas[i] ?? 0));
  });
  const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const packages = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) =>
    map.set(key, (map.get(key) ?? 0) + us);

  // Depth-first from the root, carrying how often each key is on the current stack, so a
  // recursive function's inclusive time is counted once.
  const onStack = new Map<string, number>();
  const visit = (node: ProfileNode) => {
    const key = keyOf(node.callFrame);
    onStack.set(key, (onStack.get(key) ?? 0) + 1);
    const own = selfUs.get(node.id) ?? 0;
    if (own) {
      add(self, key, own);
      add(packages, packageOf(node.callFrame), own);
      for (const k of onStack.keys()) add(inclusive, k, own);
    }
    for (const child of node.children ?? []) {
      const next = byId.get(child);
      if (next) visit(next);
    }
    const count = (onStack.get(key) ?? 1) - 1;
    if (count) onStack.set(key, count);
    else onStack.delete(key);
  };
  const first = profile.nodes[0];
  if (first) visit(first);

  const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
  const pct = (us: number) => `${((100 * us) / totalUs).toFixed(1).padStart(5)}%`;
  const print = (title: string, map: Map<string, number>, limit: number) => {
    console.log(`\n${title}`);
    const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, limit);
    for (const [key, us] of rows) console.log(`${ms(us)} ms ${pct(us)}  ${key}`);
  };

  const idle = self.get("(idle)") ?? 0;
  console.log(
    `${path.basename(file)}: ${(totalUs / 1e6).toFixed(1)} s sampled, ${profile.samples.length} samples; idle ${pct(idle).trim()}, garbage collector ${pct(self.get("(garbage collector)") ?? 0).trim()}, (program) ${pct(self.get("(program)") ?? 0).trim()}.`,
  );
  print("Self time by package or area", packages, top);
  print(`Self time, top ${top}`, self, top);
  print(`Inclusive time (synchronous stacks), top ${top}`, inclusive, top);
  if (match) {
    const matching = new Map([...inclusive].filter(([key]) => match.test(key)));
    print(`Inclusive time of functions matching ${match}`, matching, 200);
  }
}

main();
