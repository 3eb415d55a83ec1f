import { describe, expect, it } from "vitest";
import { harvestDueMessage, reminderDigest } from "../../../core/reminders";
import { digestMail, harvestDueMail } from "./digest-mail";

const envelope = {
  to: "rowan@example.com",
  name: "Rowan <3",
  appUrl: "https://garden.example/",
  unsubscribeUrl: "https://garden.example/api/reminders/unsubscribe?token=a&b",
};
const today = "2026-11-27";

describe("reminder e-mails", () => {
  const digest = digestMail({
    ...envelope,
    today,
    digest: reminderDigest(
      [
        { id: "1", title: "Water", dueDate: today, plantName: "Basil" },
        { id: "2", title: "Feed", dueDate: "2026-11-25", plantName: null },
        { id: "3", title: "Prune", dueDate: today, plantName: null },
      ],
      today,
      { max: 2 },
    ),
  });
  const harvest = harvestDueMail({
    ...envelope,
    message: harvestDueMessage([{ id: "p", name: "Tomato", harvestDate: today }]),
  });

  it("lists the digest's tasks and how many more, as text and as HTML", () => {
    expect(digest.subject).toMatch(/^Tendril: 3 garden tasks/);
    expect(digest.text).toContain(`Your garden for ${today}:\n\n- Feed (overdue since 2026-11-25)`);
    expect(digest.text).toContain("- and 1 more\n\nOpen Tendril: https://garden.example/");
    expect(digest.html).toContain("<li>and 1 more</li></ul>");
  });

  it("gives the harvest reminder's own words in the same envelope", () => {
    expect(harvest.subject).toMatch(/^Tendril: /);
    expect(harvest.text).toContain("Tomato");
    expect(harvest.text).not.toContain("Your garden for");
  });

  it.each([
    ["digest", digest],
    ["harvest reminder", harvest],
  ])("the %s greets, links the app and unsubscribes in one click, escaping HTML", (_, mail) => {
    expect(mail.to).toBe(envelope.to);
    expect(mail.text.startsWith("Hi Rowan <3,\n\n")).toBe(true);
    expect(mail.text.endsWith(`Stop these e-mails: ${envelope.unsubscribeUrl}`)).toBe(true);
    expect(mail.html).toContain("<p>Hi Rowan &lt;3,</p>");
    expect(mail.html).toContain(
      '<a href="https://garden.example/api/reminders/unsubscribe?token=a&amp;b">',
    );
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${envelope.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});
