import {
  BookOpen,
  Camera,
  Carrot,
  LayoutGrid,
  Leaf,
  ListChecks,
  Mail,
  MessageCircle,
  Settings,
  Sparkles,
  Sprout,
} from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  short: string;
  icon: typeof Sprout;
}

/** The six main items of spec §2 Global chrome, in the order the top and bottom bars show them. */
export const mainNav: NavItem[] = [
  { to: "/", label: "My Garden", short: "Garden", icon: Sprout },
  { to: "/chat", label: "Chat", short: "Chat", icon: MessageCircle },
  { to: "/plant-id", label: "Plant ID", short: "Plant ID", icon: Camera },
  { to: "/plants", label: "Plant Tracker", short: "Tracker", icon: Leaf },
  { to: "/grow-along", label: "Grow Along", short: "Grow", icon: BookOpen },
  { to: "/settings", label: "Settings", short: "Settings", icon: Settings },
];

/** The slide-out menu's full list: the main items and the pages they do not show. */
export const fullNav: NavItem[] = [
  ...mainNav.slice(0, 4),
  { to: "/areas", label: "Beds & areas", short: "Areas", icon: LayoutGrid },
  mainNav[4] as NavItem,
  { to: "/harvests", label: "Harvests", short: "Harvests", icon: Carrot },
  { to: "/workflows", label: "Checklists", short: "Checklists", icon: ListChecks },
  { to: "/plans", label: "Plans", short: "Plans", icon: Sparkles },
  mainNav[5] as NavItem,
  { to: "/contact", label: "Contact", short: "Contact", icon: Mail },
];
