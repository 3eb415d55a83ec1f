import { api } from "./api-client";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  image?: string | null;
}

export interface Session {
  user: SessionUser;
}

const auth = "/api/auth";

export const authApi = {
  getSession: () => api.get<Session | null>(`${auth}/get-session`),
  signIn: (email: string, password: string) =>
    api.post<Session>(`${auth}/sign-in/email`, { email, password }),
  signUp: (email: string, password: string, name: string) =>
    api.post<Session>(`${auth}/sign-up/email`, { email, password, name }),
  signOut: () => api.post<{ success: boolean }>(`${auth}/sign-out`),
  requestPasswordReset: (email: string) =>
    api.post<{ status: boolean }>(`${auth}/request-password-reset`, { email, redirectTo: "/auth" }),
  resetPassword: (token: string, newPassword: string) =>
    api.post<{ status: boolean }>(`${auth}/reset-password`, { token, newPassword }),
  /** Starts a federated sign-in; the answer carries the provider's URL to go to. */
  social: (provider: string) =>
    api.post<{ url?: string; redirect?: boolean }>(`${auth}/sign-in/social`, {
      provider,
      callbackURL: "/",
    }),
};
