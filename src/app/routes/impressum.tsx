import { ImpressumPage } from '@/features/legal/components/impressum-page';

export default function Route() {
  return <ImpressumPage />;
}
