import { addDays } from "../../src/core/garden";
import { jpegPhoto } from "./photos";
import { signUpOverHttp } from "./users";

/**
 * A gardener as the Lighthouse bench and the layout-shift browser test open the app, seeded
 * through the public API of a running server: four plants (three with photos) at different stages, tasks overdue, due today and
 * upcoming, and one chat with a question and its answer. Returns the session cookie and a plant.
 */
export interface SeededGardener {
  cookie: string;
  plantId: string;
}

/** The session cookie as a browser context takes it (Playwright's addCookies). */
export function browserCookies(cookie: string, url: string) {
  return cookie.split("; ").map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
  });
}

export async function seedGardener(baseUrl: string): Promise<SeededGardener> {
  const headers = (cookie: string) => ({ cookie, origin: baseUrl });
  const send = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...headers(cookie), "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };

  const cookie = await signUpOverHttp(baseUrl, "lighthouse", "Robin");
  await send(cookie, "PATCH", "/api/me", {
    zip: "94110",
    experience: "beginner",
    onboardingCompleted: true,
  });

  const today = new Date().toISOString().slice(0, 10);
  const plants = [
    { name: "Tomato", cropSlug: "tomato", daysAgo: 40, stage: "vegetative" },
    { name: "Basil", cropSlug: "basil", daysAgo: 20, stage: "seedling" },
    { name: "Lettuce", cropSlug: "lettuce", daysAgo: 10, stage: undefined },
    { name: "Strawberry", cropSlug: "strawberry", daysAgo: 90, stage: "flowering" },
  ];
  const ids: string[] = [];
  const photo = await jpegPhoto(1200, 900);
  for (const [i, plant] of plants.entries()) {
    const { plant: created } = (await send(cookie, "POST", "/api/plants", {
      name: plant.name,
      cropSlug: plant.cropSlug,
      medium: "soil",
      place: i % 2 ? "indoor" : "outdoor",
      lights: "sun",
      plantingDate: addDays(today, -plant.daysAgo),
      ...(plant.stage ? { stage: plant.stage } : {}),
    })) as { plant: { id: string } };
    ids.push(created.id);
    if (i < 3) {
      const form = new FormData();
      form.set(
        "image",
        new Blob([new Uint8Array(photo)], { type: "image/jpeg" }),
        `${plant.name}.jpg`,
      );
      const upload = await fetch(`${baseUrl}/api/plants/${created.id}/photo`, {
        method: "PUT",
        headers: headers(cookie),
        body: form,
      });
      if (!upload.ok) throw new Error(`photo: ${upload.status} ${await upload.text()}`);
    }
  }
  for (const [title, days] of [
    ["Tie the tomato to its stake", 0],
    ["Sow another row of lettuce", 3],
    ["Net the strawberries", 6],
  ] as const) {
    await send(cookie, "POST", "/api/tasks", {
      title,
      dueDate: addDays(today, days),
      plantId: ids[0],
    });
  }

  const chat = (await send(cookie, "POST", "/api/chats", {})) as { id: string };
  await send(cookie, "POST", "/api/gardening/chat", {
    message: "Why are the lower leaves of my tomato turning yellow?",
    chatId: chat.id,
  });
  return { cookie, plantId: ids[0] ?? "" };
}
