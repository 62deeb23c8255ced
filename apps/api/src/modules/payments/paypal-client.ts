import { Agent } from 'node:https';
import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { Client, Environment, type OAuthToken } from '@paypal/paypal-server-sdk';

export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  environment: 'sandbox' | 'live';
  /** Another API origin (tests: a local fake of PayPal's endpoints); unset: PayPal's for the environment. */
  apiBase?: string | undefined;
}

/** PayPal's REST API origin for an environment. */
const PAYPAL_ORIGINS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/**
 * An HTTPS agent whose connections go to `base` instead of PayPal's host: the SDK takes no base URL
 * of its own (only Sandbox or Production), but it takes an agent through its HTTP client options.
 */
class RebasedAgent extends Agent {
  constructor(private readonly base: URL) {
    super({ keepAlive: true });
  }

  override createConnection(): ReturnType<typeof netConnect> {
    const tls = this.base.protocol === 'https:';
    const host = this.base.hostname;
    const port = Number(this.base.port) || (tls ? 443 : 80);
    return tls ? tlsConnect({ host, port, servername: host }) : netConnect({ host, port });
  }
}

/** The SDK client, and a bearer token for the one call the SDK lacks (verify-webhook-signature). */
export interface PayPalClient {
  sdk: Client;
  /** Where the API is: PAYPAL_API_BASE, or PayPal's origin for the environment. */
  origin: string;
  accessToken(): Promise<string>;
}

/** The PayPal SDK client with the shop's REST app credentials (client credentials OAuth, kept by the SDK). */
export function createPayPalClient(options: PayPalClientOptions): PayPalClient {
  let token: OAuthToken | undefined;
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const sdk = new Client({
    environment: options.environment === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    clientCredentialsAuthCredentials: {
      oAuthClientId: options.clientId,
      oAuthClientSecret: options.clientSecret,
      oAuthOnTokenUpdate: (updated) => {
        token = updated;
      },
    },
    httpClientOptions: {
      timeout: 20_000,
      // Only the idempotent reads are retried; every POST carries a PayPal-Request-Id instead.
      retryConfig: { maxNumberOfRetries: 2 },
      ...(base ? { httpsAgent: new RebasedAgent(base) } : {}),
    },
  });
  return {
    sdk,
    origin: base?.origin ?? PAYPAL_ORIGINS[options.environment],
    async accessToken() {
      token = await sdk.clientCredentialsAuthManager.updateToken(token);
      return token.accessToken;
    },
  };
}
