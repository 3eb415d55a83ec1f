import { MapPin, UserRound } from "lucide-react";
import { Link, NavLink } from "react-router";
import { focusRing } from "../../components/ui/button";
import { useAuth } from "../../lib/auth-context";
import { cn } from "../../lib/cn";
import { useLocationLabel } from "../../lib/use-location-label";
import { Logo } from "./logo";
import { mainNav } from "./nav-items";

export function TopNav() {
  const { status } = useAuth();
  const location = useLocationLabel();
  return (
    <header className="hidden border-b border-stone-300 bg-surface/95 backdrop-blur lg:block">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center gap-2 px-6 py-2">
        <Logo />
        <ul className="ml-2 flex flex-1 items-center">
          {mainNav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === "/"}
                className={({ isActive }) =>
                  cn(
                    "inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2.5 text-[15px] font-semibold whitespace-nowrap",
                    isActive ? "bg-leaf-100 text-leaf-fg" : "text-stone-700 hover:bg-stone-100",
                    focusRing,
                  )
                }
              >
                <item.icon size={18} aria-hidden />
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <Link
          to="/settings"
          className={cn(
            "inline-flex min-h-11 max-w-44 items-center gap-1 rounded-xl px-3 text-sm text-stone-700 hover:bg-stone-100",
            focusRing,
          )}
          title="Your location"
        >
          <MapPin size={18} aria-hidden className="shrink-0 text-leaf-fg" />
          <span className="truncate">{location}</span>
        </Link>
        <Link
          to={status === "signed-in" ? "/settings" : "/auth"}
          aria-label={status === "signed-in" ? "Profile and settings" : "Sign in"}
          className={cn(
            "inline-flex size-11 items-center justify-center rounded-full bg-leaf-100 text-leaf-fg hover:bg-leaf-500 hover:text-white",
            focusRing,
          )}
        >
          <UserRound size={24} aria-hidden />
        </Link>
      </nav>
    </header>
  );
}
