// Entry of the small rulebook bundle for the hooks on every request (scripts/bundle-hooks.mjs):
// each JS runtime loads what it requires once, and the whole rulebook is 38 kB.
export { NOT_PROCESSED_HEADER, notProcessedBody, OVERLOAD, PAGE_TOKEN_HEADER, TICKET_HEADER } from '../../src/rules/load';
export { WORKSHOP_FIELDS } from '../../src/rules/fields';
export { LOCKOUT } from '../../src/rules/lockout';
export { REQUEST_MESSAGES } from '../../src/rules/server-messages';
