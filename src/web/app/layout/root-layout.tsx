import { Suspense, useEffect, useRef } from "react";
import { Outlet } from "react-router";
import { preloadDialogs } from "../../components/ui/dialog";
import { PageSkeleton } from "../../components/ui/misc";
import { preloadToaster, Toaster } from "../../components/ui/toaster";
import { useGardenSync } from "../../features/garden/sync";
import { Banners } from "./banners";
import { DesktopFooter } from "./desktop-footer";
import { FeedbackButton } from "./feedback";
import { BottomBar, MobileHeader } from "./mobile-nav";
import { TopNav } from "./top-nav";
import { useHeaderHeight } from "./use-header-height";
import { usePageScroll } from "./use-page-scroll";

/** After the first paint, so the first dialog or toast does not wait for its code. */
function usePreloadedDialogs() {
  useEffect(() => {
    preloadToaster();
    const timer = setTimeout(preloadDialogs, 1000);
    return () => clearTimeout(timer);
  }, []);
}

export function RootLayout() {
  useGardenSync();
  usePreloadedDialogs();
  const header = useRef<HTMLDivElement>(null);
  const banners = useRef<HTMLDivElement>(null);
  useHeaderHeight(header, banners);
  usePageScroll();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-xl focus:bg-surface focus:p-3"
      >
        Skip to content
      </a>
      <div ref={header} className="sticky top-0 z-30">
        <TopNav />
        <MobileHeader />
        {/* The banners hang just below the header and stick with it, over the page rather than
            in its flow: one that shows after the first paint (offline, degraded) then moves
            nothing down (issue 27: no layout shift). */}
        <div ref={banners} className="absolute inset-x-0 top-full">
          <Banners />
        </div>
      </div>
      {/* Wide screens keep a strip on the right free for the Feedback tab. A word too long for
          its line (an e-mail address, a plant's long name) breaks rather than pushing sideways.
          There, main is at least a screen tall: the footer starts below the fold, so it is not
          pushed down out of view as the page's content loads (issue 27: no layout shift). */}
      <main
        id="main"
        className="mx-auto w-full max-w-7xl min-w-0 flex-1 px-4 pt-6 pb-[calc(6rem+env(safe-area-inset-bottom))] break-words sm:px-6 lg:min-h-dvh lg:pr-16 lg:pb-16"
      >
        <Suspense fallback={<PageSkeleton />}>
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
