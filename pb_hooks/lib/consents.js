/// <reference path="../../node_modules/.cache/pocketbase-types/types.d.ts" />

// The consent records (pb_migrations/1750000032_consents.js).

const CATEGORIES = ['necessary', 'analytics', 'marketing'];
const LANGUAGES = ['de'];
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const KEEP_YEARS = 3;
const CONSENT_MESSAGES = () => require(`${__hooks}/vendor/rules.js`).CONSENT_MESSAGES;

/**
 * The record of one choice made in the banner, or a German reason why the body is not one.
 * @param {Record<string, any> | null | undefined} body
 * @returns {{ error: string } | { error?: undefined, consentId: string, categories: string[], templateVersion: number, language: string }}
 */
function parse(body) {
  const consentId = String((body && body.consentId) || '');
  if (!UUID_V4.test(consentId)) return { error: CONSENT_MESSAGES().id };
  const categories = /** @type {Record<string, any>} */ (body).categories;
  if (!Array.isArray(categories) || categories.length > CATEGORIES.length) return { error: CONSENT_MESSAGES().categories };
  /** @type {Record<string, boolean>} */
  const seen = {};
  for (const c of categories) {
    if (CATEGORIES.indexOf(c) < 0 || seen[c]) return { error: CONSENT_MESSAGES().categories };
    seen[c] = true;
  }
  if (!seen.necessary) return { error: CONSENT_MESSAGES().categories };
  const { templateVersion, language: sentLanguage } = /** @type {Record<string, any>} */ (body);
  const version = Number(templateVersion);
  if (!Number.isInteger(version) || version < 0 || version > 1000) return { error: CONSENT_MESSAGES().version };
  const language = String(sentLanguage || '');
  if (LANGUAGES.indexOf(language) < 0) return { error: CONSENT_MESSAGES().language };
  // The categories in a fixed order, whatever order the client sent.
  return { consentId, categories: CATEGORIES.filter((c) => seen[c]), templateVersion: version, language };
}

/**
 * Stores one consent; the time is the server's, not the client's.
 * @param {CoreApp} app
 * @param {Record<string, any>} body
 * @returns {{ error?: string, id?: string }}
 */
function record(app, body) {
  const parsed = parse(body);
  if (parsed.error !== undefined) return { error: parsed.error };
  const row = new Record(app.findCollectionByNameOrId('consents'));
  row.set('consentId', parsed.consentId);
  row.set('consentAt', new Date().toISOString());
  row.set('categories', parsed.categories);
  row.set('templateVersion', parsed.templateVersion);
  row.set('language', parsed.language);
  app.save(row);
  return { id: row.id };
}

/**
 * Deletes consent records older than three years (the privacy notice's promise).
 * @param {CoreApp} app
 */
function purge(app) {
  const cutoff = new Date();
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - KEEP_YEARS);
  const stamp = cutoff.toISOString().replace('T', ' ');
  const result = app.db().newQuery('DELETE FROM consents WHERE consentAt < {:cutoff}').bind({ cutoff: stamp }).execute();
  return result.rowsAffected();
}

module.exports = { parse, record, purge, CATEGORIES, KEEP_YEARS };
