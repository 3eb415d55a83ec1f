import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import "./styles/index.css";
import { App } from "./app/App";
import { queryClient, restorePersistedCache } from "./app/query-client";
import { askForSessionEarly } from "./app/start-up";
import { installGlobalErrorHandlers } from "./lib/network-errors";
import { installTheme } from "./lib/theme";

installGlobalErrorHandlers();
installTheme();
askForSessionEarly(queryClient);

/**
 * How long the first render waits for the saved cache. Read back first, it fills the page in one
 * render, not a page of skeletons and then a second render of everything (issue 27); the header
 * the server sent is on screen meanwhile. A slow or stuck IndexedDB must not keep the app away.
 */
const RESTORE_WAIT_MS = 1_500;

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
const restored = restorePersistedCache();
void Promise.race([restored, new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]).then(
  () => {
    // The first render is a transition, so React renders it in slices and yields to the browser
    // between them: one long task of a whole page's components on a slow phone is what blocked
    // input (issue 27).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  },
);
