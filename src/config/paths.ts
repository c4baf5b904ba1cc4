// The one list of routes (SPEC section 2). Links, the router and the document titles read from here.
export const SITE_TITLE = 'NORA Cashback-Aktion – Wir schrauben am Preis!';
export const SITE_NAME = 'NORA Cashback-Aktion';

export const paths = {
  home: { path: '/', title: SITE_TITLE, getHref: () => '/' },
  register: { path: '/register', title: 'Registrierung', getHref: () => '/register' },
  registerStep: { path: '/register/:step', title: 'Registrierung', getHref: (step: string) => `/register/${step}` },
  login: { path: '/login', title: 'Anmelden', getHref: () => '/login' },
  forgotPassword: { path: '/forgot-password', title: 'Passwort vergessen', getHref: () => '/forgot-password' },
  resetPassword: {
    path: '/reset-password/:token',
    title: 'Neues Passwort festlegen',
    getHref: (token: string) => `/reset-password/${token}`,
  },
  verify: { path: '/verify/:token', title: 'E-Mail-Adresse bestätigen', getHref: (token: string) => `/verify/${token}` },
  confirmEmailChange: {
    path: '/confirm-email-change/:token',
    title: 'Neue E-Mail-Adresse bestätigen',
    getHref: (token: string) => `/confirm-email-change/${token}`,
  },
  profile: { path: '/profile', title: 'Mein Profil', getHref: () => '/profile' },
  accountDeletion: { path: '/konto-loeschen', title: 'Konto löschen', getHref: () => '/konto-loeschen' },
  adminProfile: { path: '/adminprofile', title: 'Profil', getHref: () => '/adminprofile' },
  datacenter: { path: '/datacenter', title: 'Datacenter', getHref: () => '/datacenter' },
  /** One staff job of the data area (src/config/datacenter-jobs.ts); the title names the job. */
  datacenterJob: { path: '/datacenter/:job', title: 'Datacenter', getHref: (job: string) => `/datacenter/${job}` },
  cashback: { path: '/cashback', title: 'Cashback einlösen', getHref: () => '/cashback' },
  impressum: { path: '/impressum', title: 'Impressum', getHref: () => '/impressum' },
  datenschutz: { path: '/datenschutz', title: 'Datenschutz', getHref: () => '/datenschutz' },
  aktionsbedingungen: { path: '/aktionsbedingungen', title: 'Aktionsbedingungen', getHref: () => '/aktionsbedingungen' },
  barrierefreiheit: { path: '/barrierefreiheit', title: 'Erklärung zur Barrierefreiheit', getHref: () => '/barrierefreiheit' },
  notFound: { path: '/not-found', title: 'Seite nicht gefunden', getHref: () => '/not-found' },
} as const;
