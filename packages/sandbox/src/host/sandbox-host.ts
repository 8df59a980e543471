import type { HelmetOptions } from 'helmet';
import type { Kysely } from 'kysely';

/*
 * What the sandbox takes from the server that runs it. The sandbox is its own package and
 * imports nothing of the server's: the server hands these in when it wires demo mode, and the
 * compiler checks there that its own settings, database handle and clock fit them.
 */

/** The server's settings the sandbox reads (the server's own config has these fields). */
export interface SandboxConfig {
  /** The server's own address: the sandbox's issuer, provider and report addresses. */
  publicUrl: string;
  /** The app's origins: where the sandbox sends the browser back, and accepts form posts to. */
  appOrigins: readonly string[];
  /** Where the server listens: the billing client reaches the sandbox billing API there. */
  host: string;
  port: number;
  /** The server's proxy setting: the identity provider trusts forwarded headers the same way. */
  trustProxy: boolean | number | string;
  /** Lifetime of the sandbox providers' access tokens. */
  sandboxTokenTtlSeconds: number;
}

/** The time source (tests move it). */
export type Clock = () => Date;

/**
 * The app's database handle. The sandbox billing provider's tables live in the app's database
 * and are made by the server's migrations; the sandbox views the handle with its own tables.
 */
export type AppDb = Kysely<never>;

/**
 * Content-Security-Policy directives of the sandbox's pages: the server's own policy with form
 * posts allowed to the app's origins (a consent or sign-in form returns to the app).
 */
export type PagePolicy = Record<string, string[]>;

declare module 'fastify' {
  interface RouteShorthandOptions {
    /**
     * helmet settings over the server's own for this route (a page that posts elsewhere). The
     * server's security headers read it; it declares the same option with the same type.
     */
    helmet?: HelmetOptions;
  }
}
