// The landing page; the public-site issue fills in banner, steps, FAQ and form.
export function LandingPage() {
  return (
    <section className="bg-brand-700 px-4 py-16 text-white">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-4xl font-extrabold">Wir schrauben am Preis!</h1>
        <p className="mt-4 text-2xl font-semibold">Jetzt 50€ sichern!</p>
      </div>
    </section>
  );
}
