// What the front adds to Node's and Fastify's request objects (scripts/lib/front/server.mjs).
import type { ServerResponse } from 'node:http';

declare module 'node:http' {
  interface IncomingMessage {
    /**
     * The one reading of the request target (request-target.mjs), forwarded as it is. Set first
     * thing for every request; one without it is refused before any handler sees it.
     */
    frontTarget: { path: string; query: string; target: string };
    /** The answer to this request: its connection's counts end when it closes. */
    frontResponse?: ServerResponse;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The visitor's address (behind a trusted proxy, the forwarded one). */
    address: string;
    /** When the visitor was first refused (its ticket), and whether its ticket held. */
    visitor: { since: number; ticketed: boolean };
    /** The temporary folder of a large body, removed when the request is done. */
    frontBodyDir?: string;
  }
}
