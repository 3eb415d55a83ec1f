import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSkeleton } from "../components/ui/misc";
import { RequireAuth } from "./guards";
import { RootLayout } from "./layout/root-layout";
import { RouteError } from "./route-error";

/**
 * While a page's code loads on the first visit, its place in the layout shows a skeleton (the
 * router renders a route's HydrateFallback until its lazy part is in; without one it warns).
 */
function withPageSkeletons(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    ...(route.lazy ? { hydrateFallbackElement: <PageSkeleton /> } : {}),
    ...(route.children ? { children: withPageSkeletons(route.children) } : {}),
  })) as RouteObject[];
}

/** Spec §2 route table. Every page is its own chunk. */
export const router = createBrowserRouter(
  withPageSkeletons([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          path: "/auth",
          lazy: async () => ({ Component: (await import("./auth-route")).AuthRoute }),
        },
        {
          path: "/onboarding",
          lazy: async () => ({
            Component: (await import("../features/onboarding/onboarding-page")).OnboardingPage,
          }),
        },
        {
          element: <RequireAuth />,
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import("./pages/home-page")).HomePage,
              }),
            },
            {
              path: "/plant-id",
              lazy: async () => ({
                Component: (await import("../features/plant-id/plant-id-page")).PlantIdPage,
              }),
            },
            {
              path: "/grow-along",
              lazy: async () => ({
                Component: (await import("../features/grow-along/grow-along-page")).GrowAlongPage,
              }),
            },
            {
              path: "/contact",
              lazy: async () => ({
                Component: (await import("../features/contact/contact-page")).ContactPage,
              }),
            },
            {
              path: "/plants",
              lazy: async () => ({
                Component: (await import("../features/garden/plants-page")).PlantsPage,
              }),
            },
            {
              path: "/harvests",
              lazy: async () => ({
                Component: (await import("../features/garden/harvests/harvests-page")).HarvestsPage,
              }),
            },
            {
              path: "/planting-calendar",
              lazy: async () => ({
                Component: (await import("../features/planting-calendar/planting-calendar-page"))
                  .PlantingCalendarPage,
              }),
            },
            {
              path: "/plants/:plantId",
              lazy: async () => ({
                Component: (await import("../features/garden/plant-detail-page")).PlantDetailPage,
              }),
            },
            {
              path: "/settings",
              lazy: async () => ({
                Component: (await import("./pages/settings-page")).SettingsPage,
              }),
            },
            {
              path: "/workflows",
              lazy: async () => ({
                Component: (await import("../features/workflows/workflows-page")).WorkflowsPage,
              }),
            },
            {
              path: "/admin",
              lazy: async () => ({
                Component: (await import("./pages/admin-page")).AdminPage,
              }),
            },
            {
              path: "/plans",
              lazy: async () => ({
                Component: (await import("../features/plans/plans-page")).PlansPage,
              }),
            },
            {
              path: "/areas",
              lazy: async () => ({
                Component: (await import("../features/garden/areas/areas-page")).AreasPage,
              }),
            },
            {
              path: "/areas/:areaId",
              lazy: async () => ({
                Component: (await import("../features/garden/areas/area-page")).AreaPage,
              }),
            },
          ],
        },
        {
          // Departs from spec §2's table on purpose: signed-out visitors chat too (their chats stay
          // in the browser, spec §4/§6), so /chat is not behind RequireAuth.
          path: "/chat",
          lazy: async () => ({
            Component: (await import("../features/chat/chat-page")).ChatPage,
          }),
        },
        {
          path: "*",
          lazy: async () => ({
            Component: (await import("../features/not-found/not-found-page")).NotFoundPage,
          }),
        },
      ],
    },
  ]),
);
