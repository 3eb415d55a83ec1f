import { withoutBidiControls } from "../bidi-controls";
import { whenMissing, z } from "./z";

/** API.md conventions: an account name is at most 100 characters, on sign-up and on update. */
export const ACCOUNT_NAME_MAX = 100;
const EMAIL_MAX = 254;
const URL_MAX = 2048;

const nameMessage = `Your name must be text of 1 to ${ACCOUNT_NAME_MAX} characters.`;
const accountName = z
  .string({ error: nameMessage })
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, nameMessage)
  .max(ACCOUNT_NAME_MAX, nameMessage);
const imageMessage = `must be the address of a picture (http or https), at most ${URL_MAX} characters.`;
const imageUrl = z
  .string({ error: imageMessage })
  .max(URL_MAX, imageMessage)
  // Anything else (javascript:, data:) is nothing Tendril should ever put in an <img> or a link.
  .regex(/^https?:\/\//i, imageMessage)
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

const callbackMessage = `must be an address of at most ${URL_MAX} characters.`;
const callbackUrl = z.string({ error: callbackMessage }).max(URL_MAX, callbackMessage);

/**
 * better-auth's POST /api/auth/sign-in/social: it keeps the addresses to return to in a
 * verification row until the provider answers, so their size is bounded here.
 */
export const socialSignInSchema = z.looseObject({
  callbackURL: callbackUrl.optional(),
  errorCallbackURL: callbackUrl.optional(),
  newUserCallbackURL: callbackUrl.optional(),
});
