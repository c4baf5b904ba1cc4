import { DatenschutzPage } from '@/features/legal/components/datenschutz-page';

export default function Route() {
  return <DatenschutzPage />;
}
