import type { Conditions, GardenAsk, Part, Understanding } from "./understand";

/**
 * What a chat is about after a turn (ASSISTANT.md step 2): the plants, the asks and the situation,
 * carried into the next message unless it names others or is a whole question of its own.
 */
export interface DialogueState {
  crops: string[];
  ownPlantIds: string[];
  parts: Part[];
  conditions: Conditions;
  garden: GardenAsk | null;
  care: boolean;
  /** This message describes something wrong (never carried: each symptom is its own question). */
  symptom: boolean;
  /**
   * The words the asks came from: this message, and for a follow-up that keeps the asks the
   * message that set them ("what about basil?" still asks "what pH and EC").
   */
  askText: string;
}

const asksSomething = (parts: Part[]) => parts.some((part) => part.aspects.length > 0);

/**
 * The state after one more user message. A message that names no plant keeps the chat's plants
 * ("and in winter?"); one that asks no aspect keeps the asks, with its own kind if it has one
 * ("how deep?", "why?"); one that names both is a new question and starts afresh.
 */
export function nextState(previous: DialogueState | null, heard: Understanding): DialogueState {
  const state = carry(previous, heard);
  // A message that names neither a plant nor an ask ("why's that?", "how do I cool it down?")
  // is about the question before it, whose words it keeps.
  const namesNothing = heard.crops.length === 0 && heard.ownPlantIds.length === 0;
  const carriedAsks =
    previous !== null &&
    !asksSomething(heard.parts) &&
    (asksSomething(state.parts) || (namesNothing && !heard.garden));
  return {
    ...state,
    symptom: heard.symptom,
    askText: carriedAsks ? `${previous?.askText ?? ""} ${heard.text}`.trim() : heard.text,
  };
}

function carry(
  previous: DialogueState | null,
  heard: Understanding,
): Omit<DialogueState, "symptom" | "askText"> {
  const namesPlants = heard.crops.length > 0 || heard.ownPlantIds.length > 0;
  const asks = asksSomething(heard.parts);
  // A whole question that names no plant and points back at none ("how do I harden off
  // seedlings?" after a lettuce) is a general one: a new topic, not the last plant's.
  const general = asks && !namesPlants && !heard.followUp && !heard.pointsBack;
  const fresh =
    !previous || (namesPlants && asks && !heard.followUp) || (asks && heard.care) || general;
  const keepsPlants = !namesPlants && !general;
  const crops = keepsPlants ? (previous?.crops ?? []) : heard.crops;
  const ownPlantIds = keepsPlants ? (previous?.ownPlantIds ?? []) : heard.ownPlantIds;
  if (heard.garden) {
    return {
      crops,
      ownPlantIds,
      parts: heard.parts,
      conditions: heard.conditions,
      garden: heard.garden,
      care: false,
    };
  }
  if (fresh || !previous) {
    return {
      crops,
      ownPlantIds,
      parts: heard.parts,
      conditions: heard.conditions,
      garden: null,
      care: heard.care && !asks,
    };
  }
  const conditions = { ...previous.conditions, ...heard.conditions };
  if (asks) {
    return { crops, ownPlantIds, parts: heard.parts, conditions, garden: null, care: false };
  }
  const kind = heard.parts[0]?.kind ?? null;
  // "And how often in winter?" after a care summary: "how often" is about water.
  const carried: Part[] =
    previous.parts.some((part) => part.aspects.length > 0) || !kind
      ? previous.parts.map((part, i) => ({
          aspects: part.aspects,
          kind: i === 0 ? (kind ?? part.kind) : part.kind,
        }))
      : [{ aspects: kind === "how-often" || kind === "how-much" ? ["water"] : [], kind }];
  // A garden question ("how is my tomato doing?") followed by "and the basil?" asks it again.
  const garden = namesPlants && !asksSomething(carried) ? previous.garden : null;
  return {
    crops,
    ownPlantIds,
    parts: kind && previous.parts.length > 1 ? carried.slice(0, 1) : carried,
    conditions,
    garden,
    care: previous.care && !asksSomething(carried),
  };
}

/** The state after every user message of a chat, oldest first. */
export function resolveConversation(
  messages: readonly string[],
  understandOne: (message: string) => Understanding,
): DialogueState | null {
  let state: DialogueState | null = null;
  for (const message of messages) state = nextState(state, understandOne(message));
  return state;
}
