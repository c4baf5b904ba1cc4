// The consent library and its stylesheet load in their own chunk, after the page.
export async function loadCookieConsent() {
  const [consent] = await Promise.all([import('vanilla-cookieconsent'), import('vanilla-cookieconsent/dist/cookieconsent.css')]);
  return consent;
}
