import sharp from "sharp";
import { addDays } from "../../src/core/garden";

/**
 * A gardener as the Lighthouse bench measures them, seeded through the public API of a running
 * server: four plants (three with photos) at different stages, tasks overdue, due today and
 * upcoming, and one chat with a question and its answer. Returns the session cookie and a plant.
 */
export interface SeededGardener {
  cookie: string;
  plantId: string;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** A photo-sized JPEG (a leafy gradient), as a phone would upload. */
function photo(seed: number): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 7 + seed * 40) % 120;
      pixels[i + 1] = 90 + ((y * 3 + x + seed * 17) % 140);
      pixels[i + 2] = (y + seed * 30) % 80;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
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

  const signUp = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      email: `lighthouse-${Date.now()}@example.com`,
      password: "lighthouse password 1234",
      name: "Robin",
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = cookieOf(signUp);
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
        new Blob([new Uint8Array(await photo(i))], { type: "image/jpeg" }),
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
