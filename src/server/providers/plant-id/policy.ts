import type { Logger } from "pino";
import { LOW_CONFIDENCE_THRESHOLD } from "../../../core/schemas/identification";
import type { IdentifyResult, PlantIdentifier, PreparedPhoto } from "./plant-identifier";

export interface IdentificationPolicyOptions {
  /** The offline model: always asked first. */
  offline: PlantIdentifier;
  /** Plant.id or Pl@ntNet, when a key is configured. */
  cloud?: PlantIdentifier | undefined;
  log: Pick<Logger, "warn">;
}

const topConfidence = (result: IdentifyResult) => result.candidates[0]?.confidence ?? 0;

/** Spec §9: below 0.7 the page warns of a low-confidence identification; worth a second opinion. */
export const isConfident = (result: IdentifyResult) =>
  result.recognised && topConfidence(result) >= LOW_CONFIDENCE_THRESHOLD;

/** A recognised answer beats an unrecognised one; then the higher top confidence; ties stay. */
function better(current: IdentifyResult, challenger: IdentifyResult): IdentifyResult {
  if (challenger.recognised !== current.recognised) {
    return challenger.recognised ? challenger : current;
  }
  return topConfidence(challenger) > topConfidence(current) ? challenger : current;
}

/**
 * The offline model first; when it is unsure (or does not know the plant, or fails) and a cloud
 * provider is configured, the cloud too, keeping the better answer. A failing cloud provider is
 * logged and the offline answer stands, so configuring a key never makes identification worse.
 * The result's `engine` names whichever engine's answer was kept.
 */
export class IdentificationPolicy implements PlantIdentifier {
  readonly engine: PlantIdentifier["engine"];
  private readonly offline: PlantIdentifier;
  private readonly cloud: PlantIdentifier | undefined;
  private readonly log: Pick<Logger, "warn">;

  constructor(options: IdentificationPolicyOptions) {
    this.offline = options.offline;
    this.cloud = options.cloud;
    this.log = options.log;
    this.engine = options.offline.engine;
  }

  async identify(photo: PreparedPhoto, signal?: AbortSignal): Promise<IdentifyResult> {
    signal?.throwIfAborted();
    let offline: IdentifyResult | undefined;
    let offlineError: unknown;
    try {
      offline = await this.offline.identify(photo, signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      offlineError = error;
    }
    if (offline && isConfident(offline)) return offline;
    const { cloud } = this;
    if (!cloud) {
      if (offline) return offline;
      throw offlineError;
    }
    if (!offline) {
      this.log.warn(
        { err: offlineError, engine: this.offline.engine },
        `offline plant identification failed; asking ${cloud.engine}`,
      );
    }

    let answer: IdentifyResult;
    try {
      answer = await cloud.identify(photo, signal);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      this.log.warn(
        { err: error, engine: cloud.engine },
        offline
          ? `${cloud.engine} identification failed; the offline answer stands`
          : `${cloud.engine} identification failed too; no engine answered`,
      );
      if (offline) return offline;
      throw offlineError;
    }
    return offline ? better(offline, answer) : answer;
  }

  async close(): Promise<void> {
    await Promise.all([this.offline.close?.(), this.cloud?.close?.()]);
  }
}
