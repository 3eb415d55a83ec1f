import { whenMissing, z } from "./z";

/** API.md conventions: an account name is at most 100 characters, on sign-up and on update. */
export const ACCOUNT_NAME_MAX = 100;
const EMAIL_MAX = 254;
const IMAGE_URL_MAX = 2048;

const nameMessage = `Your name must be text of 1 to ${ACCOUNT_NAME_MAX} characters.`;
const accountName = z
  .string({ error: nameMessage })
  .trim()
  .min(1, nameMessage)
  .max(ACCOUNT_NAME_MAX, nameMessage);
const imageUrl = z
  .string({ error: `image must be the address of a picture, at most ${IMAGE_URL_MAX} characters.` })
  .max(
    IMAGE_URL_MAX,
    `image must be the address of a picture, at most ${IMAGE_URL_MAX} characters.`,
  )
  .nullable();

/**
 * The fields of better-auth's POST /api/auth/sign-up/email that Tendril checks before better-auth
 * sees them (better-auth puts no limit on the name, and a huge one locked its owner out).
 * Loose: better-auth's own fields (callbackURL, rememberMe) pass through to it.
 */
export const signUpSchema = z.looseObject({
  name: accountName,
  email: z
    .string({ error: whenMissing("Enter your e-mail address.") })
    .max(EMAIL_MAX, `An e-mail address has at most ${EMAIL_MAX} characters.`),
  password: z.string({ error: whenMissing("Enter a password.") }),
  image: imageUrl.optional(),
});

/** better-auth's POST /api/auth/update-user. */
export const updateUserSchema = z.looseObject({
  name: accountName.optional(),
  image: imageUrl.optional(),
});
