import { Suspense, useEffect } from "react";
import { Outlet } from "react-router";
import { preloadDialogs } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/misc";
import { Toaster } from "../../components/ui/toaster";
import { useGardenSync } from "../../features/garden/sync";
import { Banners } from "./banners";
import { DesktopFooter } from "./desktop-footer";
import { FeedbackButton } from "./feedback";
import { BottomBar, MobileHeader } from "./mobile-nav";
import { TopNav } from "./top-nav";

/** After the first paint, so the first dialog a gardener opens does not wait for its code. */
function usePreloadedDialogs() {
  useEffect(() => {
    const timer = setTimeout(preloadDialogs, 1000);
    return () => clearTimeout(timer);
  }, []);
}

export function RootLayout() {
  useGardenSync();
  usePreloadedDialogs();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-xl focus:bg-surface focus:p-3"
      >
        Skip to content
      </a>
      <Banners />
      <TopNav />
      <MobileHeader />
      <main
        id="main"
        className="mx-auto w-full max-w-7xl flex-1 px-4 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] sm:px-6 lg:pb-16"
      >
        <Suspense fallback={<Spinner label="Loading…" />}>
          <Outlet />
        </Suspense>
      </main>
      <DesktopFooter />
      <BottomBar />
      <FeedbackButton />
      <Toaster />
    </div>
  );
}
