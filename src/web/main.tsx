import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import "./styles/index.css";
import { App } from "./app/App";
import { queryClient } from "./app/query-client";
import { askForSessionEarly } from "./app/start-up";
import { installGlobalErrorHandlers } from "./lib/network-errors";
import { installTheme } from "./lib/theme";

installGlobalErrorHandlers();
installTheme();
askForSessionEarly(queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
// The first render is a transition, so React renders it in slices and yields to the browser between
// them: one long task of a whole page's components on a slow phone is what blocked input (issue 27).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
