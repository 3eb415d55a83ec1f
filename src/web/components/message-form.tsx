import { useState } from "react";
import { Link } from "react-router";
import type { ContactKind } from "../../core/schemas/contact";
import { errorMessage, HttpError } from "../lib/api-client";
import { useAuth } from "../lib/auth-context";
import { useSendContactMessage } from "../lib/contact-api";
import { Button } from "./ui/button";
import { Field, Input, Textarea } from "./ui/field";
import { Alert } from "./ui/misc";

/** Spec §5 Contact form's words: the page says "sent" only once the server has stored it. */
const SENT = "Message sent successfully! We'll get back to you soon.";
const FAILED = "Failed to send message. Please try again or contact us directly.";

/**
 * A message to whoever runs this Tendril (issue 25): the Contact page, and Plant ID's report and
 * Feedback where the operator set no external form. Name and e-mail start as the account's;
 * all three fields are required (spec §5). What was typed stays after a failure.
 */
export function MessageForm({
  kind,
  messageLabel = "Message",
  submitLabel = "Send message",
}: {
  kind: ContactKind;
  messageLabel?: string;
  submitLabel?: string;
}) {
  const { user, status } = useAuth();
  const [name, setName] = useState(user?.name ?? "");
  const [email, setEmail] = useState(user?.email ?? "");
  const [message, setMessage] = useState("");
  const send = useSendContactMessage();
  const complete = name.trim() && email.trim() && message.trim();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!complete || send.isPending) return;
    send.mutate({ kind, name, email, message }, { onSuccess: () => setMessage("") });
  }

  // The server's own words where it refused the message for a reason a person can fix (a field,
  // the hourly limit); the spec's failure text otherwise.
  const failure =
    send.error instanceof HttpError && send.error.status < 500
      ? errorMessage(send.error, FAILED)
      : FAILED;
  if (status === "signed-out") {
    return (
      <p className="text-stone-700">
        <Link to="/auth" className="font-semibold text-leaf-fg underline underline-offset-2">
          Sign in
        </Link>{" "}
        to send a message to whoever runs this Tendril.
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <Field label="Name">
        {(props) => (
          <Input
            {...props}
            autoComplete="name"
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        )}
      </Field>
      <Field label="Email">
        {(props) => (
          <Input
            {...props}
            type="email"
            autoComplete="email"
            maxLength={254}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field label={messageLabel}>
        {(props) => (
          <Textarea
            {...props}
            maxLength={5000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
        )}
      </Field>
      {send.isSuccess && <Alert tone="success">{SENT}</Alert>}
      {send.isError && <Alert tone="error">{failure}</Alert>}
      <Button type="submit" disabled={!complete || send.isPending}>
        {send.isPending ? "Sending…" : submitLabel}
      </Button>
      {!complete && (
        <p className="text-sm text-stone-700">Fill in your name, email and message to send.</p>
      )}
    </form>
  );
}
