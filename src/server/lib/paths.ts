import { fileURLToPath } from "node:url";

/** The project folder, so bundled data/ and models/ resolve wherever the process starts. */
export const projectRoot = fileURLToPath(new URL("../../../", import.meta.url));

export const dataPath = (...parts: string[]) => [projectRoot, "data", ...parts].join("/");
