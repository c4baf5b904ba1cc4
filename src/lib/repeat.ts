// Repeating what the server refused before doing anything (issue 32, decision 030). Kept free of
// the app's aliases and stores, so `npm run bench:burst` runs the same code in Node.
import { OVERLOAD, TICKET_HEADER } from '../rules/load';

interface RefusalLike {
  status?: number;
  response?: unknown;
}

/**
 * A refusal made before any work (the front's 503 when the portal is full, its 429 when one
 * address has too much open, both marked `notProcessed`), with the wait it asks for and the
 * ticket it carries (decision 047); null for anything else. A 429 of PocketBase's own rate
 * limiter carries no mark and is not repeated.
 */
export function notProcessed(err: unknown): { retryAfterMs: number; ticket?: string } | null {
  if (!err || typeof err !== 'object') return null;
  const { status, response } = err as RefusalLike;
  const body = (response ?? {}) as { notProcessed?: boolean; retryAfter?: number; ticket?: unknown };
  if ((status !== 503 && status !== 429) || body.notProcessed !== true) return null;
  const seconds = Number(body.retryAfter);
  const retryAfterMs = (Number.isFinite(seconds) && seconds > 0 ? seconds : OVERLOAD.retryAfterSeconds) * 1000;
  return typeof body.ticket === 'string' ? { retryAfterMs, ticket: body.ticket } : { retryAfterMs };
}

/** The wait before a repeat: the server's Retry-After plus up to half of it again, at random. */
export function repeatDelay(retryAfterMs: number, random: () => number = Math.random) {
  return Math.round(retryAfterMs * (1 + 0.5 * random()));
}

/** The shortest wait worth a last repeat before the bound. */
const LAST_TRY_MS = 500;

/**
 * The wait before the next repeat, `elapsedMs` after the first try, or null when the bound has
 * come: a wait that would pass the bound is cut to a last repeat just before it (decision 047),
 * so that a visitor whose place in the line has almost come is not sent away early.
 */
export function nextRepeat(
  retryAfterMs: number,
  elapsedMs: number,
  forMs: number = OVERLOAD.retryForMs,
  random: () => number = Math.random,
) {
  const left = forMs - elapsedMs;
  if (left < LAST_TRY_MS) return null;
  return Math.min(repeatDelay(retryAfterMs, random), left - LAST_TRY_MS / 2);
}

/** The request's options with the ticket of the last refusal in TICKET_HEADER. */
function withTicket<O extends object>(options: O, ticket: string | undefined): O {
  if (!ticket) return options;
  const headers = (options as { headers?: Record<string, string> }).headers ?? {};
  return { ...options, headers: { ...headers, [TICKET_HEADER]: ticket } };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RepeatOptions {
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
  random?: () => number;
  /** The first refusal: a calm word while the request waits. */
  onWait?: () => void;
  /** Success after waiting. */
  onDone?: () => void;
  /** The bound is reached: the last refusal is thrown after this. */
  onGiveUp?: () => void;
  /** How long to keep repeating (default OVERLOAD.retryForMs). */
  forMs?: number;
}

/**
 * Wraps a send function: a request refused before any work is sent again, with the same
 * options (body and chosen files included) and the refusal's ticket, after Retry-After with
 * jitter, the last time just before `forMs`; then the last refusal is thrown. Every other outcome
 * passes through at once.
 */
export function withRepeats<O extends object>(send: (path: string, options: O) => Promise<unknown>, options: RepeatOptions = {}) {
  const { now = () => Date.now(), wait = sleep, random = Math.random, onWait, onDone, onGiveUp, forMs = OVERLOAD.retryForMs } = options;
  return async function sendWithRepeats<T>(path: string, sendOptions: O): Promise<T> {
    const started = now();
    let waited = false;
    let ticket: string | undefined;
    for (;;) {
      try {
        const result = (await send(path, withTicket({ ...sendOptions }, ticket))) as T;
        if (waited) onDone?.();
        return result;
      } catch (err) {
        const refusal = notProcessed(err);
        if (!refusal) throw err;
        const delay = nextRepeat(refusal.retryAfterMs, now() - started, forMs, random);
        if (delay === null) {
          onGiveUp?.();
          throw err;
        }
        ticket = refusal.ticket ?? ticket;
        if (!waited) onWait?.();
        waited = true;
        await wait(delay);
      }
    }
  };
}
