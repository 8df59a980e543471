import type { FastifyRequest } from 'fastify';
import type { Clock } from '../host/sandbox-host.ts';
import type { Form } from './chargebee-wire.ts';

/** One call the sandbox's Chargebee API received, as its log keeps it. */
export interface BillingCall {
  method: string;
  /** The path under the API root: `/hosted_pages/checkout_new_for_items`. */
  path: string;
  /** The query and form fields sent (the API key travels in the Authorization header, not here). */
  params: Form;
  /** The chargebee-idempotency-key header, when the call carried one. */
  idempotencyKey: string | undefined;
  at: Date;
}

/**
 * How the provider is down: every API call answers 503 ('unavailable'), or no call is answered
 * until the caller gives up ('timeout').
 */
export type BillingOutage = 'unavailable' | 'timeout';

/** The next answer to a matching call, held back (a slow network between the app and the provider). */
export interface HeldAnswer {
  /** Resolves once the answer is made and waiting to be sent. */
  waiting: () => Promise<void>;
  /** Sends it (at once, if the call has not come yet). */
  release: () => void;
}

/** The log keeps this many calls, the oldest dropped first. */
const CALLS_KEPT = 1000;

/**
 * The switches and the call log of the sandbox billing provider, for the demo console and for
 * tests: which calls came in, the provider being down, an answer arriving late, webhooks held
 * back. They are this instance's memory only: a restart forgets them, which is what a switch
 * thrown for a demo or a test wants.
 */
export function createBillingControl(clock: Clock) {
  const calls: BillingCall[] = [];
  let outage: BillingOutage | undefined;
  let webhooksPaused = false;
  /** Calls left without an answer by a 'timeout' outage. */
  const unanswered = new Set<() => void>();
  const holds: Array<{
    method: string;
    pathPrefix: string;
    held: () => void;
    gate: Promise<void>;
  }> = [];
  /** Releases of holds made, whether or not their call came (all let go at close). */
  const releases = new Set<() => void>();

  function answerUnanswered() {
    for (const answer of [...unanswered]) answer();
  }

  return {
    /** Calls received, oldest first. */
    calls: (): readonly BillingCall[] => [...calls],

    record(req: FastifyRequest, path: string) {
      const key = req.headers['chargebee-idempotency-key'];
      calls.push({
        method: req.method,
        path,
        params: { ...((req.query ?? {}) as Form), ...((req.body ?? {}) as Form) },
        idempotencyKey: typeof key === 'string' ? key : undefined,
        at: clock(),
      });
      if (calls.length > CALLS_KEPT) calls.splice(0, calls.length - CALLS_KEPT);
    },

    outage: () => outage,

    /** Takes the provider down, or brings it back (undefined); calls left waiting then get a 503. */
    setOutage(next: BillingOutage | undefined) {
      outage = next;
      if (next !== 'timeout') answerUnanswered();
    },

    /** Waits until the provider is back or the caller goes away (a call nobody answers). */
    leaveUnanswered(req: FastifyRequest): Promise<void> {
      return new Promise((resolve) => {
        const answer = () => {
          unanswered.delete(answer);
          resolve();
        };
        unanswered.add(answer);
        req.raw.socket.once('close', answer);
      });
    },

    /** Holds back the next answer to a `method` call whose path starts with `pathPrefix`. */
    holdAnswer(method: string, pathPrefix: string): HeldAnswer {
      let release = () => {};
      let held = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const waiting = new Promise<void>((resolve) => (held = resolve));
      holds.push({ method, pathPrefix, held, gate });
      releases.add(() => release());
      return {
        waiting: () => waiting,
        release: () => release(),
      };
    },

    /** The wait before sending this call's answer, when a hold matches it (used up by it). */
    answerHold(method: string, path: string): Promise<void> | undefined {
      const index = holds.findIndex((h) => h.method === method && path.startsWith(h.pathPrefix));
      if (index < 0) return undefined;
      const [hold] = holds.splice(index, 1);
      hold?.held();
      return hold?.gate;
    },

    webhooksPaused: () => webhooksPaused,
    /** While paused, events are recorded (GET /events lists them) but no webhook is sent. */
    pauseWebhooks(paused: boolean) {
      webhooksPaused = paused;
    },

    /** Answers every call still waiting (the server is closing). */
    close() {
      outage = undefined;
      answerUnanswered();
      holds.splice(0);
      for (const release of releases) release();
      releases.clear();
    },
  };
}

export type BillingControl = ReturnType<typeof createBillingControl>;
