// The one list of routes (SPEC section 2). Links and the router read from here.
export const paths = {
  home: { path: '/', getHref: () => '/' },
  register: { path: '/register', getHref: () => '/register' },
  registerStep: { path: '/register/:step', getHref: (step: string) => `/register/${step}` },
  login: { path: '/login', getHref: () => '/login' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password/:token', getHref: (token: string) => `/reset-password/${token}` },
  verify: { path: '/verify/:token', getHref: (token: string) => `/verify/${token}` },
  profile: { path: '/profile', getHref: () => '/profile' },
  adminProfile: { path: '/adminprofile', getHref: () => '/adminprofile' },
  datacenter: { path: '/datacenter', getHref: () => '/datacenter' },
  cashback: { path: '/cashback', getHref: () => '/cashback' },
  impressum: { path: '/impressum', getHref: () => '/impressum' },
  datenschutz: { path: '/datenschutz', getHref: () => '/datenschutz' },
  aktionsbedingungen: { path: '/aktionsbedingungen', getHref: () => '/aktionsbedingungen' },
  barrierefreiheit: { path: '/barrierefreiheit', getHref: () => '/barrierefreiheit' },
  notFound: { path: '/not-found', getHref: () => '/not-found' },
} as const;
