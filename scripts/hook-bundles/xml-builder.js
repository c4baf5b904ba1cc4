// @ts-check
// Entry of the XML builder bundle for the hook runtime (scripts/bundle-hooks.mjs): the SEPA export.
export { XMLBuilder } from 'fast-xml-parser';
