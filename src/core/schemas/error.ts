import { errorCodes } from "../error-codes";
import { z } from "./z";

export { type ErrorCode, errorCodes, PLAN_FAILED_MESSAGE } from "../error-codes";

export const errorIssueSchema = z.object({ path: z.string(), message: z.string() });

/** The one error body every /api route answers with. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    issues: z.array(errorIssueSchema).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
