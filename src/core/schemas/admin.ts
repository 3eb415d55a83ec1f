import { z } from "./z";

/** One account as the operator's /admin lists it (issue 25). */
export const adminAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  plan: z.enum(["free", "pro"]),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  plants: z.number().int(),
  messagesToday: z.number().int(),
  operator: z.boolean(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export const adminAccountListSchema = z.object({ accounts: z.array(adminAccountSchema) });

/** PATCH /api/admin/accounts/{id}: the plan, as `npm run admin -- set-plan` sets it. */
export const adminAccountPatchSchema = z.strictObject({
  plan: z.enum(["free", "pro"], { error: 'plan is "free" or "pro".' }),
});

/** GET /api/me/operator: whether the account runs this Tendril (and so sees /admin). */
export const operatorStatusSchema = z.object({ operator: z.boolean() });
