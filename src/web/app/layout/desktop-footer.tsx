import { Link } from "react-router";
import { ExternalLink } from "../../components/external-link";
import { focusRing } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useExternalLinks } from "./external-links";
import { fullNav, mainNav } from "./nav-items";

const linkClass = cn(
  "inline-flex min-h-11 items-center rounded-xl px-2 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-900",
  focusRing,
);

/**
 * Spec §2 Global chrome on wide screens: the pages the top bar has no room for (Checklists,
 * Plans, Contact) and the external links, which phones reach through the menu.
 */
export function DesktopFooter() {
  const external = useExternalLinks();
  const more = fullNav.filter((item) => !mainNav.includes(item));
  return (
    <footer className="hidden border-t border-stone-300 bg-surface lg:block">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-6 py-4">
        <nav aria-label="More pages">
          <ul className="flex flex-wrap items-center gap-1">
            {more.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={linkClass}>
                  <item.icon size={16} aria-hidden className="mr-1.5" />
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {external.length > 0 && (
          <nav aria-label="Elsewhere">
            <ul className="flex flex-wrap items-center gap-1">
              {external.map((link) => (
                <li key={link.label}>
                  <ExternalLink href={link.href} className={linkClass}>
                    {link.label}
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </footer>
  );
}
