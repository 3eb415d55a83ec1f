import { LogIn, LogOut, Menu, MessageSquareHeart } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { ExternalLink } from "../../components/external-link";
import { focusRing } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { useExternalLinks } from "./external-links";
import { openFeedback } from "./feedback";
import { Logo } from "./logo";
import { fullNav, mainNav } from "./nav-items";

/** Spec, Global chrome: the menu's Sign Out goes to Settings, at the Account section and its Sign out. */
const SIGN_OUT_SECTION = "/settings#account";

export function MobileHeader() {
  const [open, setOpen] = useState(false);
  return (
    <header className="flex items-center justify-between border-b border-stone-300 bg-surface px-4 py-1 lg:hidden">
      <Logo />
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Open menu"
        className={cn(
          "inline-flex size-11 items-center justify-center rounded-xl text-stone-900 hover:bg-stone-100",
          focusRing,
        )}
      >
        <Menu size={24} aria-hidden />
      </button>
      <MobileMenu open={open} onOpenChange={setOpen} />
    </header>
  );
}

function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { status } = useAuth();
  const external = useExternalLinks();
  const close = () => onOpenChange(false);
  const itemClass = (active = false) =>
    cn(
      "flex min-h-11 items-center gap-3 rounded-xl px-3 font-semibold",
      active ? "bg-leaf-100 text-leaf-fg" : "text-stone-900 hover:bg-stone-100",
      focusRing,
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Menu" variant="sheet">
      <nav aria-label="Menu">
        <ul className="flex flex-col gap-1">
          {fullNav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                onClick={close}
                className={({ isActive }) => itemClass(isActive)}
              >
                <item.icon size={20} aria-hidden />
                {item.label}
              </NavLink>
            </li>
          ))}
          <li>
            {status === "signed-in" ? (
              <Link to={SIGN_OUT_SECTION} onClick={close} className={itemClass()}>
                <LogOut size={20} aria-hidden />
                Sign Out
              </Link>
            ) : (
              <Link to="/auth" onClick={close} className={itemClass()}>
                <LogIn size={20} aria-hidden />
                Sign In / Up
              </Link>
            )}
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                openFeedback();
              }}
              className={cn(itemClass(), "w-full")}
            >
              <MessageSquareHeart size={20} aria-hidden />
              Feedback
            </button>
          </li>
        </ul>
        {external.length > 0 && (
          <ul className="mt-4 flex flex-col gap-1 border-t border-stone-300 pt-4">
            {external.map((link) => (
              <li key={link.label}>
                <ExternalLink href={link.href} className={itemClass()}>
                  {link.label}
                </ExternalLink>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </Dialog>
  );
}

export function BottomBar() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-300 bg-surface pb-[env(safe-area-inset-bottom)] lg:hidden"
    >
      <ul className="grid grid-cols-6">
        {mainNav.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === "/"}
              className={({ isActive }) =>
                cn(
                  "flex min-h-14 flex-col items-center justify-center gap-0.5 text-[11px] font-semibold",
                  isActive ? "text-leaf-fg" : "text-stone-700",
                  focusRing,
                )
              }
            >
              <item.icon size={22} aria-hidden />
              {item.short}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
