/** Built beside the server so `npm run build:server` can train the understanding's heads. */
export { modelFilePath, writeHeads } from "./model-file";
