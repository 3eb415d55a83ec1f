import { z } from "./z";

export const quotaSchema = z.object({
  plan: z.enum(["free", "pro"]),
  dailyLimit: z.number().int(),
  usedToday: z.number().int(),
  remainingToday: z.number().int(),
  usedThisMonth: z.number().int(),
  resetsAt: z.string(),
});
export type Quota = z.infer<typeof quotaSchema>;

const link = z.url().nullable();

/** What the web app needs to know about this server's set-up (public, no secrets). */
export const appConfigSchema = z.object({
  auth: z.object({
    google: z.boolean(),
    oidc: z.object({ name: z.string() }).nullable(),
  }),
  links: z.object({
    videoCourse: link,
    crowdfunding: link,
    bugReport: link,
    contactForm: link,
    feedbackForm: link,
    plantSupport: link,
    social: z.array(z.object({ label: z.string(), url: z.url() })),
  }),
  upgradeEmail: z.string().nullable(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
