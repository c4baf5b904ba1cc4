import { BarrierefreiheitPage } from '@/features/legal/components/barrierefreiheit-page';

export default function Route() {
  return <BarrierefreiheitPage />;
}
