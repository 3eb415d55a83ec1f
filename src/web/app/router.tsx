import { createBrowserRouter } from "react-router";
import { RequireAuth } from "./guards";
import { RootLayout } from "./layout/root-layout";
import { RouteError } from "./route-error";

/** Spec §2 route table. Every page is its own chunk. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: "/auth",
        lazy: async () => ({ Component: (await import("../features/auth/auth-page")).AuthRoute }),
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
              Component: (await import("../features/home/home-page")).HomePage,
            }),
          },
          {
            path: "/plant-id",
            lazy: async () => ({
              Component: (await import("../features/pending/pages")).PlantIdPage,
            }),
          },
          {
            path: "/grow-along",
            lazy: async () => ({
              Component: (await import("../features/pending/pages")).GrowAlongPage,
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
            path: "/plants/:plantId",
            lazy: async () => ({
              Component: (await import("../features/garden/plant-detail-page")).PlantDetailPage,
            }),
          },
          {
            path: "/settings",
            lazy: async () => ({
              Component: (await import("../features/settings/settings-page")).SettingsPage,
            }),
          },
          {
            path: "/workflows",
            lazy: async () => ({
              Component: (await import("../features/pending/pages")).WorkflowsPage,
            }),
          },
          {
            path: "/plans",
            lazy: async () => ({
              Component: (await import("../features/plans/plans-page")).PlansPage,
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
]);
