import { useState } from "react";
import { ExternalLink } from "../../components/external-link";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Field, Input, Textarea } from "../../components/ui/field";
import { Alert, PageHeader } from "../../components/ui/misc";
import { useAppConfig } from "../../lib/use-app-config";

/** Spec §2 Contact: submission is simulated locally and nothing is sent. */
const SIMULATED_SEND_MS = 600;

export function ContactPage() {
  const { data: config } = useAppConfig();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [message, setMessage] = useState("");
  const [state, setState] = useState<"idle" | "sending" | "sent" | "failed">("idle");
  const complete = name.trim() && email.trim() && message.trim();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!complete) return;
    setState("sending");
    try {
      await new Promise((resolve) => setTimeout(resolve, SIMULATED_SEND_MS));
      setState("sent");
      setName("");
      setEmail("");
      setMessage("");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Contact" />
      <Card>
        <p className="mb-6 text-stone-700">We usually reply within 24-48 hours on business days.</p>
        <form onSubmit={submit} className="flex flex-col gap-4">
          <Field label="Name">
            {(props) => (
              <Input
                {...props}
                autoComplete="name"
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
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
          <Field label="Message">
            {(props) => (
              <Textarea {...props} value={message} onChange={(e) => setMessage(e.target.value)} />
            )}
          </Field>
          {state === "sent" && (
            <Alert tone="success">Message sent successfully! We'll get back to you soon.</Alert>
          )}
          {state === "failed" && (
            <Alert tone="error">
              Failed to send message. Please try again or contact us directly.
            </Alert>
          )}
          <Button type="submit" disabled={!complete || state === "sending"}>
            {state === "sending" ? "Sending…" : "Send message"}
          </Button>
          {!complete && (
            <p className="text-sm text-stone-700">Fill in your name, email and message to send.</p>
          )}
        </form>
        {config && config.links.social.length > 0 && (
          <div className="mt-6 border-t border-stone-300 pt-4">
            <h2 className="mb-2 font-semibold text-stone-900">Find us elsewhere</h2>
            <ul className="flex flex-wrap gap-4">
              {config.links.social.map((link) => (
                <li key={link.url}>
                  <ExternalLink
                    href={link.url}
                    className="font-semibold text-leaf-fg underline-offset-4 hover:underline"
                  >
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
    </div>
  );
}
