import { generateKeyPairSync } from "node:crypto";
import { createServer, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
// @ts-expect-error oidc-provider 9 ships no type declarations (@types/oidc-provider not installed).
import Provider from "oidc-provider";

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
  picture?: string;
}

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  account: OidcAccount;
}

export interface FakeOidcProvider {
  /** http://127.0.0.1:<port>, also the `iss` of every token and the discovery document's issuer. */
  issuer: string;
  close(): Promise<void>;
}

/** The small slice of oidc-provider's Provider this fake uses. */
interface ProviderInstance {
  callback(): RequestListener;
}

/**
 * A real OpenID Connect provider (panva's oidc-provider, the certified implementation) on
 * loopback, standing in for the external identity provider Tendril federates with.
 *
 * Login and consent use oidc-provider's built-in development interactions: plain HTML forms that
 * accept any login name (the password is ignored) and a "Continue" consent button, so a test can
 * fill them in like a browser. The account id typed at login must be `account.sub`.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<FakeOidcProvider> {
  const { account } = options;
  // The issuer must contain the port, so listen first and attach the provider afterwards.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Our own signing key: without one oidc-provider falls back to (and warns about) dev keys.
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
    format: "jwk",
  });

  const provider: ProviderInstance = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // What better-auth sends by default with a client secret (oidc-provider also accepts the
        // secret as HTTP Basic for a client_secret_post client, and vice versa).
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...signingKey, use: "sig", alg: "RS256" }] },
    // Only the configured account exists; any other login name fails the flow.
    async findAccount(_ctx: unknown, id: string) {
      if (id !== account.sub) return undefined;
      return {
        accountId: account.sub,
        async claims() {
          return {
            sub: account.sub,
            email: account.email,
            email_verified: true,
            name: account.name,
            ...(account.picture ? { picture: account.picture } : {}),
          };
        },
      };
    },
    // Which claims each scope releases. In the code flow oidc-provider serves them from userinfo
    // rather than the ID token (conformIdTokenClaims), which is where better-auth then reads them.
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "picture"],
    },
    // Require PKCE even for this confidential client, so the test proves Tendril sends it.
    pkce: { required: () => true },
    // Explicit lifetimes (seconds), which also keeps oidc-provider from noting its defaults.
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600 },
    features: { devInteractions: { enabled: true } },
  });
  server.on("request", provider.callback());

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive sockets from fetch (ours and better-auth's) would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}
