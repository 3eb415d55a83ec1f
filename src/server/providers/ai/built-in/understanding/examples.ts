import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { z } from "zod";
import {
  careExampleSchema,
  type Examples,
  gardenExampleSchema,
  safetyExampleSchema,
  scopeExampleSchema,
} from "../../../../../core/assistant/understanding/labels";
import { dataPath } from "../../../../lib/paths";

/** The labelled example files (data/understanding/, README.md there says what each label means). */
const files = {
  care: ["care-a.json", "care-b.json", "care-c.json"],
  garden: ["garden.json"],
  safety: ["safety.json", "safety-b.json"],
  scope: ["scope.json", "scope-b.json"],
} as const;

const schemas = {
  care: careExampleSchema,
  garden: gardenExampleSchema,
  safety: safetyExampleSchema,
  scope: scopeExampleSchema,
};

export interface LoadedExamples {
  examples: Examples;
  /** A digest of every file read: a trained model names the examples it was trained on. */
  digest: string;
}

export function loadExamples(): LoadedExamples {
  const hash = createHash("sha256");
  const read = <T>(name: string, schema: z.ZodType<T>): T[] => {
    const text = readFileSync(dataPath("understanding", name), "utf8");
    hash.update(name).update(text);
    return z.array(schema).parse(JSON.parse(text));
  };
  const examples = {
    care: files.care.flatMap((name) => read(name, schemas.care)),
    garden: files.garden.flatMap((name) => read(name, schemas.garden)),
    safety: files.safety.flatMap((name) => read(name, schemas.safety)),
    scope: files.scope.flatMap((name) => read(name, schemas.scope)),
  };
  return { examples, digest: hash.digest("hex").slice(0, 16) };
}
