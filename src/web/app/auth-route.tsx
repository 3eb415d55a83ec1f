import { AuthPage } from "../features/auth/auth-page";
import { RedirectIfSignedIn } from "./guards";

/** /auth: the redirect for a signed-in visitor lives here so the auth feature never imports app/. */
export function AuthRoute() {
  return (
    <RedirectIfSignedIn>
      <AuthPage />
    </RedirectIfSignedIn>
  );
}
