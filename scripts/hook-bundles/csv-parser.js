// @ts-check
// Entry of the CSV reader bundle for the hook runtime (scripts/bundle-hooks.mjs).
export { dsvFormat } from 'd3-dsv';
