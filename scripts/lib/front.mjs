// @ts-check
// The front: a small HTTP server (Fastify, with @fastify/reply-from) that `npm start` puts in
// front of PocketBase (decision 030, superseding the admission part of 020). It decides who
// gets PocketBase's capacity and when:
//
// - A request's body is read in full by the front before the request asks for capacity, under
//   a time bound (a body that stalls or trickles gets a German 408): slow uploads hold a
//   connection, never a slot.
// - Capacity counts requests PocketBase is working on (PORTAL_MAX_IN_FLIGHT, 16). Reads (GET)
//   may take all but a reserve; writes (sign-up, login and its code, redemption, bank details,
//   staff actions, imports: everything not GET) take any free slot and, when none is free, wait
//   in line for a short, bounded time.
// - No single address holds more than a small share: at most PORTAL_PER_ADDRESS requests in
//   flight or waiting, at most PORTAL_PER_ADDRESS_OPEN open at all (bodies still arriving
//   included); its excess gets 429 before it costs anything.
// - Every refusal before any work says so: `Retry-After`, `X-Portal-Not-Processed: 1` and
//   `notProcessed: true` in PocketBase's error shape, so a client may repeat it safely. A refusal
//   of a full portal also carries a ticket (decision 047): sent back, it puts the visitor into the
//   reads' line by the time it was first refused, ahead of whoever came later.
// Realtime connections, file downloads and the SPA's pages pass through without a slot.
// Page reads (GET under /api/ without a body: the profile page, most of a rush) take a short path
// of their own past Fastify to PocketBase (decision 048); everything else goes through Fastify.
//
// The front's modules (scripts/lib/front/): limits.mjs (its numbers and what a request is),
// admission.mjs (slots and lines), tickets.mjs, per-address.mjs (counts of what is open), body.mjs (a body under its time bound), refusals.mjs
// (the answers that refuse), headers.mjs (what is forwarded), server.mjs (the two paths).
export { startFront } from './front/server.mjs';
export { createAdmission, ADMISSION_STATS } from './front/admission.mjs';
export { createTickets } from './front/tickets.mjs';
export { addressList, classify, FRONT_DEFAULTS, frontLimitsFromEnv, OVERLOAD, TICKET_HEADER } from './front/limits.mjs';
