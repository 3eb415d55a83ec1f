import { describe, expect, it } from "vitest";
import { careAspects, detectIntent } from "./intents";

describe("detectIntent", () => {
  it.each([
    ["What tasks do I have today?", "tasks"],
    ["what's due this week?", "tasks"],
    ["Any overdue tasks?", "tasks"],
    ["What should I do in the garden today?", "tasks"],
    ["What zone am I in?", "zone"],
    ["What is a hardiness zone?", "knowledge"],
    ["Is it too hot for my lettuce this week?", "temperature-check"],
    ["Will the frost tonight hurt my peppers?", "temperature-check"],
    ["How do I protect plants from frost?", "knowledge"],
    ["What's the weather this week?", "weather"],
    ["forecast says 3 degrees tonight, can it still frost?", "knowledge"],
    ["will it rain tomorrow?", "weather"],
    ["Remind me to feed the tomatoes next Friday", "reminder"],
    ["Hello!", "greeting"],
    ["What am I growing?", "my-plants"],
    ["When should I water my tomato?", "knowledge"],
  ])("%s → %s", (message, intent) => {
    expect(detectIntent(message)).toBe(intent);
  });
});

describe("careAspects", () => {
  it.each([
    ["When should I water my tomato?", ["Water"]],
    ["How far apart do I plant garlic?", ["Spacing"]],
    ["What pH does blueberry need?", ["Soil and pH"]],
    ["How often should I fertilize peppers?", ["Feeding"]],
    ["Why are my cucumber leaves turning yellow?", ["Common problems"]],
    ["When is a watermelon ripe?", ["Harvest"]],
    ["How much sun does basil need?", ["Sun"]],
    ["Tell me about kale", []],
  ])("%s → %j", (message, aspects) => {
    expect(careAspects(message)).toEqual(aspects);
  });
});
