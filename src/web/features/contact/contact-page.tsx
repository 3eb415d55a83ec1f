import { ExternalLink } from "../../components/external-link";
import { MessageForm } from "../../components/message-form";
import { Card } from "../../components/ui/card";
import { PageHeader } from "../../components/ui/misc";
import { useAppConfig } from "../../lib/use-app-config";

/**
 * Spec §2 Contact, with issue 25's real inbox: the message is stored on the server and e-mailed
 * to whoever runs this Tendril (CONTACT_EMAIL), who reads it on /admin.
 */
export function ContactPage() {
  const { data: config } = useAppConfig();
  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="Contact" />
      <Card>
        <p className="mb-6 text-stone-700">We usually reply within 24-48 hours on business days.</p>
        <MessageForm kind="contact" />
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
