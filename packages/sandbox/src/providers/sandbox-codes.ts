import { randomBytes } from 'node:crypto';
import type { Clock } from '../host/sandbox-host.ts';

/** What the consent page granted, until the token endpoint redeems it. */
export interface PendingCode {
  connector: string;
  redirectUri: string;
  challenge: string;
  login: string;
  accounts: number[];
}

const CODE_TTL_MS = 60_000;
const MAX_PENDING = 1000;

/**
 * Authorization codes of the sandbox providers: single-use, a minute long, bound to the
 * redirect URI and PKCE challenge they were issued with. Memory is enough: the browser comes
 * back to the same demo process within seconds.
 */
export class SandboxCodes {
  readonly #pending = new Map<string, PendingCode & { expiresAt: number }>();

  constructor(private readonly clock: Clock) {}

  issue(grant: PendingCode): string {
    const code = randomBytes(24).toString('base64url');
    if (this.#pending.size >= MAX_PENDING) this.#pending.clear();
    this.#pending.set(code, { ...grant, expiresAt: this.clock().getTime() + CODE_TTL_MS });
    return code;
  }

  /** The grant of an unexpired code, used up by this call. */
  redeem(code: string): PendingCode | undefined {
    const pending = this.#pending.get(code);
    this.#pending.delete(code);
    return pending && pending.expiresAt > this.clock().getTime() ? pending : undefined;
  }
}
