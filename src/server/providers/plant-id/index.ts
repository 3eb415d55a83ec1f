import type { Logger } from "pino";
import type { Config } from "../../config";
import { PlantIdV3 } from "./plant-id-v3";
import type { PlantIdentifier } from "./plant-identifier";
import { PlantNet } from "./plantnet";
import { IdentificationPolicy } from "./policy";

export { PlantIdV3 } from "./plant-id-v3";
export type * from "./plant-identifier";
export { PlantNet } from "./plantnet";
export { IdentificationPolicy, isConfident } from "./policy";

/**
 * The identifier of this server: the offline model, with Plant.id (PLANT_ID_API_KEY) or else
 * Pl@ntNet (PLANTNET_API_KEY) asked for a second opinion when the model is unsure.
 */
export function createPlantIdentifier(
  config: Config,
  log: Logger,
  offline: PlantIdentifier,
): PlantIdentifier {
  const cloud = config.plantIdV3
    ? new PlantIdV3({ ...config.plantIdV3, log })
    : config.plantNet
      ? new PlantNet({ ...config.plantNet, log })
      : undefined;
  return new IdentificationPolicy({ offline, cloud, log });
}
