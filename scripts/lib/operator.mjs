// @ts-check
// The operator's legal details for the Impressum come from the environment
// (PORTAL_OPERATOR_*, documented in .env.example); PocketBase serves them at
// GET /api/portal/operator (pb_hooks/operator.pb.js). The demo uses these values.
export const OPERATOR_ENV = {
  name: 'PORTAL_OPERATOR_NAME',
  street: 'PORTAL_OPERATOR_STREET',
  zipCity: 'PORTAL_OPERATOR_ZIP_CITY',
  phone: 'PORTAL_OPERATOR_PHONE',
  email: 'PORTAL_OPERATOR_EMAIL',
  management: 'PORTAL_OPERATOR_MANAGEMENT',
  register: 'PORTAL_OPERATOR_REGISTER',
  vatId: 'PORTAL_OPERATOR_VAT_ID',
  bankName: 'PORTAL_OPERATOR_BANK_NAME',
  iban: 'PORTAL_OPERATOR_IBAN',
  bic: 'PORTAL_OPERATOR_BIC',
  responsible: 'PORTAL_OPERATOR_RESPONSIBLE',
};

/** Plausible, clearly fictitious values for the demo (a Berlin GmbH of the parts trade). */
export const DEMO_OPERATOR = {
  PORTAL_OPERATOR_NAME: 'NORA Teilehandel Demo GmbH',
  PORTAL_OPERATOR_STREET: 'Werkstattstraße 12',
  PORTAL_OPERATOR_ZIP_CITY: '10115 Berlin',
  PORTAL_OPERATOR_PHONE: '030 1234567-0',
  PORTAL_OPERATOR_EMAIL: 'cashback@nora-aktion.de',
  PORTAL_OPERATOR_MANAGEMENT: 'Dr. Beispiel Demo, Erika Muster',
  PORTAL_OPERATOR_REGISTER: 'Amtsgericht Charlottenburg, HRB 000000 B (Demo)',
  PORTAL_OPERATOR_VAT_ID: 'DE000000000',
  PORTAL_OPERATOR_BANK_NAME: 'Demo-Bank Berlin',
  PORTAL_OPERATOR_IBAN: 'DE02120300000000202051',
  PORTAL_OPERATOR_BIC: 'BYLADEM1001',
  PORTAL_OPERATOR_RESPONSIBLE: 'Erika Muster, Anschrift wie oben',
};

/** The operator variables that are not set (empty counts as unset). */
/** @param {Record<string, string | undefined>} env */
export function missingOperatorEnv(env) {
  return Object.values(OPERATOR_ENV).filter((name) => !String(env[name] ?? '').trim());
}
