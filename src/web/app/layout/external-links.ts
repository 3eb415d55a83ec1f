import { useAppConfig } from "../../lib/use-app-config";

export interface ExternalLinkItem {
  label: string;
  href: string;
}

/** Spec §2 Global chrome: the operator's external links, those that are set, in menu order. */
export function useExternalLinks(): ExternalLinkItem[] {
  const { data: config } = useAppConfig();
  const links = config?.links;
  return [
    { label: "Video course", href: links?.videoCourse },
    { label: "Support us", href: links?.crowdfunding },
    { label: "Report a bug", href: links?.bugReport },
    { label: "Contact form", href: links?.contactForm },
    ...(links?.social ?? []).map((s) => ({ label: s.label, href: s.url })),
  ].filter((l): l is ExternalLinkItem => !!l.href);
}
