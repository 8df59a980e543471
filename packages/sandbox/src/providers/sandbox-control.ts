import type { IncomingMessage } from 'node:http';

/** The sandbox provider endpoints a test (or the console) can watch and break. */
export type SandboxCallKind =
  | 'token'
  | 'refresh'
  | 'revoke'
  | 'userinfo'
  | 'accounts'
  | 'account-details'
  | 'verify'
  | 'report';

/**
 * How an endpoint misbehaves: an HTTP status to answer, a hang, a dropped connection, a 200
 * that is not JSON, a 400 quoting the request's credentials back as careless providers do, or
 * a rate limit (429 with Retry-After).
 */
export type SandboxFault =
  number | 'hang' | 'reset' | 'not-json' | 'echo' | { rateLimitSeconds: number };

export interface SandboxLogin {
  connector: string;
  login: string;
  lastIssuedAt: Date;
}

/**
 * The sandbox providers' switches and memory, injectable into buildApp so tests can make any
 * endpoint fail (5xx) or hang, revoke a login's tokens, rotate refresh tokens, and count and
 * see what was called and issued. Memory only: a restart forgets revocations (tokens
 * themselves are signed, so they survive it).
 */
export class SandboxProviderControl {
  /** Every call received, in order (a spy: "no call to the token endpoint"). */
  readonly calls: Array<{ connector: string; kind: SandboxCallKind }> = [];
  /** Every token value handed out (tests look for them in logs and database dumps). */
  readonly issuedTokens: string[] = [];
  /** Hand out a new refresh token on each refresh (the old one then stops working). */
  rotateRefreshTokens = false;
  /** Accounts offered per login where a login has a list of accounts. */
  accountsPerLogin = 3;
  /** Access-token lifetime; default SANDBOX_TOKEN_TTL_SECONDS. */
  tokenTtlSeconds: number | undefined = undefined;
  /** Added to the token endpoint's answers (to make concurrent refreshes overlap). */
  tokenDelayMs = 0;
  /** Hand out access tokens holding a line break, which no header can carry. */
  unsendableTokens = false;
  /**
   * GA4's property quotas in the sandbox: a standard property's documented limits by default;
   * a test lowers them to see a quota run out.
   */
  readonly ga4Quota = {
    tokensPerHour: 40_000,
    tokensPerProjectPerHour: 14_000,
    tokensPerDay: 200_000,
  };

  /** Quota units spent, by quota and window (`<account> tokensPerHour 2026-03-01T10`). */
  readonly #spent = new Map<string, number>();

  readonly #faults = new Map<SandboxCallKind, SandboxFault>();
  readonly #generations = new Map<string, number>();
  readonly #logins = new Map<string, SandboxLogin>();
  readonly #usedRefreshTokens = new Set<string>();
  readonly #held = new Set<() => void>();
  readonly #refreshLifetimes = new Map<string, number>();

  /**
   * Refresh tokens of this connector lapse `seconds` after the consent (fixed, as LinkedIn's
   * do), and token answers say so in refresh_token_expires_in; undefined: they never lapse.
   * Applies to consents given from now on.
   */
  setRefreshLifetime(connector: string, seconds: number | undefined): void {
    if (seconds === undefined) this.#refreshLifetimes.delete(connector);
    else this.#refreshLifetimes.set(connector, seconds);
  }

  refreshLifetime(connector: string): number | undefined {
    return this.#refreshLifetimes.get(connector);
  }

  /** The connectors with a refresh-token lifetime set, and that lifetime in seconds. */
  refreshLifetimes(): Array<{ connector: string; seconds: number }> {
    return [...this.#refreshLifetimes].map(([connector, seconds]) => ({ connector, seconds }));
  }

  /** Answers `status` (default 503) on every call of this kind until healed. */
  fail(kind: SandboxCallKind, status = 503): void {
    this.#faults.set(kind, status);
  }

  /** Never answers calls of this kind (until healed or the app closes). */
  hang(kind: SandboxCallKind): void {
    this.#faults.set(kind, 'hang');
  }

  /** Breaks calls of this kind in another way (until healed). */
  misbehave(kind: SandboxCallKind, fault: Exclude<SandboxFault, number | 'hang'>): void {
    this.#faults.set(kind, fault);
  }

  /** Answers 429 with `Retry-After: seconds` on every call of this kind until healed. */
  rateLimit(kind: SandboxCallKind, seconds = 30): void {
    this.#faults.set(kind, { rateLimitSeconds: seconds });
  }

  /** A provider outage: every call of this kind answers 503 until healed. */
  outage(kind: SandboxCallKind): void {
    this.fail(kind, 503);
  }

  heal(kind?: SandboxCallKind): void {
    if (kind) this.#faults.delete(kind);
    else this.#faults.clear();
    this.releaseAll();
  }

  fault(kind: SandboxCallKind): SandboxFault | undefined {
    return this.#faults.get(kind);
  }

  count(kind: SandboxCallKind, connector?: string): number {
    return this.calls.filter((c) => c.kind === kind && (!connector || c.connector === connector))
      .length;
  }

  /** Revokes every token issued so far to this login (as "Remove app access" at a provider). */
  revoke(connector: string, login: string): void {
    const key = `${connector}\n${login.toLowerCase()}`;
    this.#generations.set(key, (this.#generations.get(key) ?? 0) + 1);
  }

  /** Tokens carry the generation they were issued in; older ones are revoked. */
  generation(connector: string, login: string): number {
    return this.#generations.get(`${connector}\n${login.toLowerCase()}`) ?? 0;
  }

  rememberLogin(connector: string, login: string, at: Date): void {
    this.#logins.set(`${connector}\n${login.toLowerCase()}`, {
      connector,
      login,
      lastIssuedAt: at,
    });
  }

  logins(): SandboxLogin[] {
    return [...this.#logins.values()].sort((a, b) =>
      `${a.connector} ${a.login}`.localeCompare(`${b.connector} ${b.login}`),
    );
  }

  /** Marks a refresh token used up; answers false if it already was (rotation). */
  useRefreshToken(id: string): boolean {
    if (this.#usedRefreshTokens.has(id)) return false;
    this.#usedRefreshTokens.add(id);
    return true;
  }

  isRefreshTokenUsed(id: string): boolean {
    return this.#usedRefreshTokens.has(id);
  }

  /**
   * Spends `units` of each quota (key → limit) when every one has them left; answers what is
   * left of each after, or the key of the first quota that has not enough (nothing spent).
   */
  spendQuota(
    quotas: ReadonlyArray<{ key: string; limit: number }>,
    units: number,
  ): { remaining: number[] } | { exhausted: string } {
    for (const q of quotas) {
      if ((this.#spent.get(q.key) ?? 0) + units > q.limit) return { exhausted: q.key };
    }
    return {
      remaining: quotas.map((q) => {
        const spent = (this.#spent.get(q.key) ?? 0) + units;
        this.#spent.set(q.key, spent);
        return q.limit - spent;
      }),
    };
  }

  /** Waits until released or the caller goes away (a hanging provider). */
  hold(request: IncomingMessage): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        this.#held.delete(release);
        resolve();
      };
      this.#held.add(release);
      request.socket.once('close', release);
    });
  }

  releaseAll(): void {
    for (const release of [...this.#held]) release();
  }
}
