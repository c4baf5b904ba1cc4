/// <reference path="../node_modules/.cache/pocketbase-types/types.d.ts" />
// The operator's legal details for the Impressum (public), from PORTAL_OPERATOR_* in the
// environment (scripts/lib/operator.mjs names them; `npm start` fills demo values in demo
// mode and warns without them otherwise). Unset values answer null: the page shows a marked
// placeholder instead.
routerAdd('GET', '/api/portal/operator', (e) => {
  /** @type {Record<string, string>} */
  const keys = {
    name: 'NAME',
    street: 'STREET',
    zipCity: 'ZIP_CITY',
    phone: 'PHONE',
    email: 'EMAIL',
    management: 'MANAGEMENT',
    register: 'REGISTER',
    vatId: 'VAT_ID',
    bankName: 'BANK_NAME',
    iban: 'IBAN',
    bic: 'BIC',
    responsible: 'RESPONSIBLE',
  };
  const control = new RegExp(require(`${__hooks}/vendor/rules.js`).CONTROL_CHARACTERS.source, 'g');
  /** @type {Record<string, string | null>} */
  const operator = {};
  for (const key of Object.keys(keys)) {
    const value = String($os.getenv(`PORTAL_OPERATOR_${keys[key]}`) || '')
      .replace(control, ' ')
      .trim()
      .slice(0, 200);
    operator[key] = value || null;
  }
  e.response.header().set('Cache-Control', 'no-cache');
  return e.json(200, operator);
});
