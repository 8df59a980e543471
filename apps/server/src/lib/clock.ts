/** The time source every service takes, so tests can move time (session expiry, state TTL). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
