import { PlaceholderPage } from './placeholder-page';

export default function Route() {
  return <PlaceholderPage title="Passwort vergessen" />;
}
