import path from "node:path";
import { projectRoot } from "../../../lib/paths";

/** models/aiy-plants-v1 in the project: the model we ship, its labels and its licence. */
const MODEL_DIR = path.join(projectRoot, "models", "aiy-plants-v1");

export const modelFiles = (dir = MODEL_DIR) => ({
  model: path.join(dir, "plants_V1.tflite"),
  labels: path.join(dir, "inat_plant_labels_coral.txt"),
});
