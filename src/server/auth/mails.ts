import type { MailMessage } from "../providers/email";

export function passwordResetMail(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: "Reset your Tendril password",
    text: [
      `Hi ${name || "there"},`,
      "",
      "Someone asked to reset the password of your Tendril account.",
      "Open this link to choose a new password (it works for one hour):",
      "",
      url,
      "",
      "If it wasn't you, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function welcomeMail(to: string, name: string, appUrl: string): MailMessage {
  return {
    to,
    subject: "Welcome to Tendril",
    text: [
      `Hi ${name || "there"},`,
      "",
      "Welcome to Tendril, your garden notebook. Add your first plant and Tendril will schedule",
      "its watering and feeding, show the weather that matters for it, and answer your questions.",
      "",
      appUrl,
      "",
      "Happy growing!",
    ].join("\n"),
  };
}

/** Sign-up answers a taken address as a new one (no one learns it has an account): tell its owner. */
export function signUpAttemptMail(to: string, name: string, appUrl: string): MailMessage {
  return {
    to,
    subject: "Someone tried to sign up to Tendril with your address",
    text: [
      `Hi ${name || "there"},`,
      "",
      "Someone tried to sign up to Tendril with this e-mail address, which already has an account.",
      "The account is unchanged and nobody was signed in to it.",
      "",
      "If it was you, sign in instead, or reset your password if you forgot it:",
      "",
      `${appUrl.replace(/\/+$/, "")}/auth`,
      "",
      "If it wasn't you, you can ignore this e-mail.",
    ].join("\n"),
  };
}
