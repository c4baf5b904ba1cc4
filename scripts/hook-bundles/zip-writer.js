// @ts-check
// Entry of the ZIP writer bundle for the hook runtime (scripts/bundle-hooks.mjs): the data export.
export { Zip, ZipPassThrough } from 'fflate';
