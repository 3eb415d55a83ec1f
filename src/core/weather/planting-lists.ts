import type { TemperatureBand } from "./temperature-band";

export type SowingMethod = "direct" | "transplant" | "start-indoors";

export interface Suggestion {
  name: string;
  method: SowingMethod;
  notes: string;
}

export interface BandLists {
  vegetables: readonly Suggestion[];
  herbs: readonly Suggestion[];
  flowers: readonly Suggestion[];
}

// What suits each band of average forecast temperature. Very cold: outdoor sowing waits, so
// long-season crops are started indoors. Hot: only crops that keep setting in heat.
export const PLANTING_LISTS: Readonly<Record<TemperatureBand, BandLists>> = {
  "very-cold": {
    vegetables: [
      {
        name: "Onions",
        method: "start-indoors",
        notes: "Sow seed indoors 10–12 weeks before the last frost; onions need a long season.",
      },
      {
        name: "Leeks",
        method: "start-indoors",
        notes: "Sow in deep trays now and plant out once the soil can be worked.",
      },
      {
        name: "Celery",
        method: "start-indoors",
        notes:
          "Needs 10–12 weeks indoors; press seed onto the surface, as it needs light to sprout.",
      },
      {
        name: "Peas",
        method: "start-indoors",
        notes:
          "Sow in pots or lengths of gutter under cover, then slide them out when the soil thaws.",
      },
      {
        name: "Pea shoots",
        method: "direct",
        notes: "Sow thickly in a tray on a bright windowsill and cut the shoots in 2–3 weeks.",
      },
    ],
    herbs: [
      {
        name: "Parsley",
        method: "start-indoors",
        notes: "Slow to sprout (3–4 weeks); soak the seed overnight first.",
      },
      {
        name: "Chives",
        method: "start-indoors",
        notes: "Sow a pinch of seed per module; clumps go out once the worst cold is over.",
      },
      {
        name: "Thyme",
        method: "start-indoors",
        notes: "Surface-sow and keep barely moist; seedlings grow slowly, so start early.",
      },
    ],
    flowers: [
      {
        name: "Sweet peas",
        method: "start-indoors",
        notes: "Sow in deep pots in a cool, bright place; pinch out the tips at about 10 cm.",
      },
      {
        name: "Pansies and violas",
        method: "start-indoors",
        notes: "Sow 8–10 weeks before planting out; they shrug off light frosts.",
      },
      {
        name: "Snapdragons",
        method: "start-indoors",
        notes: "Surface-sow 8–10 weeks before the last frost; the seed needs light to germinate.",
      },
      {
        name: "Petunias",
        method: "start-indoors",
        notes: "Surface-sow 10–12 weeks before the last frost in a warm room.",
      },
    ],
  },
  cool: {
    vegetables: [
      {
        name: "Peas",
        method: "direct",
        notes: "Sow 3–5 cm deep; they germinate in cool soil and tolerate light frost.",
      },
      {
        name: "Spinach",
        method: "direct",
        notes: "Sow every 2–3 weeks; it bolts once days turn long and hot.",
      },
      {
        name: "Lettuce",
        method: "direct",
        notes: "Germinates in soil as cool as 4 °C; sow a short row every two weeks.",
      },
      {
        name: "Radishes",
        method: "direct",
        notes: "Ready in about four weeks; keep the soil moist for crisp roots.",
      },
      {
        name: "Carrots",
        method: "direct",
        notes: "Sow thinly in fine, stone-free soil and keep it moist until they emerge.",
      },
      {
        name: "Broccoli",
        method: "transplant",
        notes: "Plant out hardened-off seedlings; cool weather gives tight heads.",
      },
      {
        name: "Cabbage",
        method: "transplant",
        notes: "Plant firmly and net against cabbage white butterflies and pigeons.",
      },
      {
        name: "Onion sets",
        method: "direct",
        notes: "Push the small bulbs in so that just the tips show.",
      },
    ],
    herbs: [
      {
        name: "Coriander (cilantro)",
        method: "direct",
        notes: "Bolts in heat, so cool weather is its best time; sow every three weeks.",
      },
      {
        name: "Dill",
        method: "direct",
        notes: "Dislikes transplanting; sow where it will grow.",
      },
      {
        name: "Parsley",
        method: "direct",
        notes: "Soak the seed overnight; it can take three weeks to appear.",
      },
      {
        name: "Chives",
        method: "transplant",
        notes: "Plant clumps 20 cm apart; they come back every year.",
      },
    ],
    flowers: [
      {
        name: "Calendula",
        method: "direct",
        notes: "A hardy annual: sow where it is to flower and deadhead for more blooms.",
      },
      {
        name: "Cornflowers",
        method: "direct",
        notes: "Hardy annual that loves sun; good for bees and cutting.",
      },
      {
        name: "Sweet peas",
        method: "transplant",
        notes: "Plant out beside a support; pick the flowers often to keep them coming.",
      },
      {
        name: "Love-in-a-mist (nigella)",
        method: "direct",
        notes: "Scatter seed on bare soil; it self-seeds freely afterwards.",
      },
      {
        name: "Pansies and violas",
        method: "transplant",
        notes: "Plant out now; they flower through cool spells.",
      },
    ],
  },
  mild: {
    vegetables: [
      {
        name: "Tomatoes",
        method: "transplant",
        notes: "Plant out after the last frost, burying the stem deeper to grow extra roots.",
      },
      {
        name: "Bush beans",
        method: "direct",
        notes: "Sow once the soil is at least 16 °C; seed rots in cold, wet ground.",
      },
      {
        name: "Zucchini (courgettes)",
        method: "direct",
        notes: "Sow two seeds per spot, 2–3 cm deep, and keep the stronger seedling.",
      },
      {
        name: "Beetroot",
        method: "direct",
        notes: "Each seed is a cluster; thin to one seedling every 10 cm.",
      },
      {
        name: "Swiss chard",
        method: "direct",
        notes: "Pick outer leaves and it keeps cropping for months.",
      },
      {
        name: "Lettuce",
        method: "direct",
        notes: "Choose slow-bolting varieties as the days warm up.",
      },
      {
        name: "Peppers",
        method: "transplant",
        notes: "Plant out only when nights stay above 12 °C.",
      },
    ],
    herbs: [
      {
        name: "Basil",
        method: "transplant",
        notes: "Plant out only when nights stay above 10 °C; cold checks its growth.",
      },
      {
        name: "Parsley",
        method: "direct",
        notes: "Sow in rows and keep moist until it comes up.",
      },
      {
        name: "Dill",
        method: "direct",
        notes: "Sow every few weeks for a steady supply of leaves.",
      },
      {
        name: "Oregano",
        method: "transplant",
        notes: "Likes sun and well-drained soil; trim after flowering.",
      },
      {
        name: "Thyme",
        method: "transplant",
        notes: "Plant in sun and gritty soil; it hates wet roots.",
      },
    ],
    flowers: [
      {
        name: "Sunflowers",
        method: "direct",
        notes: "Sow 2–3 cm deep after the last frost, in full sun.",
      },
      {
        name: "Marigolds",
        method: "direct",
        notes: "Easy from seed; French marigolds are a classic companion for tomatoes.",
      },
      {
        name: "Nasturtiums",
        method: "direct",
        notes: "Sow 2 cm deep in poor soil; rich soil gives leaves instead of flowers.",
      },
      {
        name: "Cosmos",
        method: "direct",
        notes: "Thrives in poor soil; pinch out the tips for bushier plants.",
      },
      {
        name: "Zinnias",
        method: "direct",
        notes: "Sow where they will flower; they dislike root disturbance.",
      },
    ],
  },
  warm: {
    vegetables: [
      {
        name: "Cucumbers",
        method: "direct",
        notes: "Sow in warm soil (above 18 °C) and water evenly for sweet fruit.",
      },
      {
        name: "Sweet corn",
        method: "direct",
        notes: "Sow in blocks rather than single rows so the wind pollinates the cobs.",
      },
      {
        name: "Squash and pumpkins",
        method: "direct",
        notes: "Give each plant about a square metre and water at the base.",
      },
      {
        name: "Pole beans",
        method: "direct",
        notes: "Sow at the foot of a support and pick often to keep pods coming.",
      },
      {
        name: "Okra",
        method: "direct",
        notes: "Soak the seed overnight; it needs soil above 20 °C.",
      },
      {
        name: "Eggplant (aubergine)",
        method: "transplant",
        notes: "Plant into warm soil in full sun; growth stalls below 15 °C.",
      },
      {
        name: "Sweet potatoes",
        method: "transplant",
        notes: "Plant rooted slips once nights stay above 15 °C.",
      },
    ],
    herbs: [
      {
        name: "Basil",
        method: "direct",
        notes: "Sow or plant now; pinch out flower spikes to keep leaves coming.",
      },
      {
        name: "Lemongrass",
        method: "transplant",
        notes: "Root a fresh stalk in water, then plant out; it loves heat.",
      },
      {
        name: "Rosemary",
        method: "transplant",
        notes: "Plant in sun and free-draining soil; water sparingly once settled.",
      },
      {
        name: "Mint",
        method: "transplant",
        notes: "Grow in a pot; planted in a bed it spreads everywhere.",
      },
    ],
    flowers: [
      {
        name: "Zinnias",
        method: "direct",
        notes: "Fast from seed in warm soil; cut often for more flowers.",
      },
      {
        name: "Sunflowers",
        method: "direct",
        notes: "Sow every few weeks for flowers all summer.",
      },
      {
        name: "Cosmos",
        method: "direct",
        notes: "Flowers in about eight weeks from sowing; deadhead to prolong.",
      },
      {
        name: "Marigolds",
        method: "direct",
        notes: "Tough and quick; they flower until the first frost.",
      },
      {
        name: "Portulaca (moss rose)",
        method: "direct",
        notes: "Barely cover the fine seed; thrives in heat and dry, poor soil.",
      },
    ],
  },
  hot: {
    vegetables: [
      {
        name: "Okra",
        method: "direct",
        notes: "One of the few crops that keeps producing above 30 °C.",
      },
      {
        name: "Yardlong beans",
        method: "direct",
        notes: "Set pods in heat that stops ordinary beans; give them a tall trellis.",
      },
      {
        name: "Cowpeas (black-eyed peas)",
        method: "direct",
        notes: "Tolerate heat and drought, and fix their own nitrogen.",
      },
      {
        name: "Amaranth (leaf)",
        method: "direct",
        notes: "A fast leafy green that thrives where lettuce and spinach bolt.",
      },
      {
        name: "Malabar spinach",
        method: "direct",
        notes: "A heat-loving climbing leaf crop; soak the seed and grow it up a trellis.",
      },
      {
        name: "Sweet potatoes",
        method: "transplant",
        notes: "Slips root quickly in hot soil; the young leaves are edible too.",
      },
      {
        name: "Bottle gourd",
        method: "direct",
        notes: "A vigorous vine for hot weather; train it onto a strong support.",
      },
    ],
    herbs: [
      {
        name: "Lemongrass",
        method: "transplant",
        notes: "Grows fastest in heat; keep it well watered.",
      },
      {
        name: "Holy basil (tulsi)",
        method: "transplant",
        notes: "Thrives in heat; water in the early morning and pinch off flower spikes.",
      },
      {
        name: "Rosemary",
        method: "transplant",
        notes: "Handles heat and dry soil once its roots are established.",
      },
      {
        name: "Mint",
        method: "transplant",
        notes: "Give it afternoon shade and moist soil in extreme heat.",
      },
    ],
    flowers: [
      {
        name: "Vinca (Madagascar periwinkle)",
        method: "transplant",
        notes: "Flowers non-stop in heat; let the soil dry between waterings.",
      },
      {
        name: "Portulaca (moss rose)",
        method: "direct",
        notes: "Loves scorching sun and poor, sandy soil.",
      },
      {
        name: "Zinnias",
        method: "direct",
        notes: "Heat- and drought-tolerant; water at the base to avoid mildew.",
      },
      {
        name: "Marigolds",
        method: "direct",
        notes: "Among the toughest annuals for hot summers.",
      },
      {
        name: "Sunflowers",
        method: "direct",
        notes: "Deep roots carry them through heat; water deeply once a week.",
      },
    ],
  },
};
