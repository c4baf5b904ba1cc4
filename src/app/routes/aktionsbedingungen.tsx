import { AktionsbedingungenPage } from '@/features/legal/components/aktionsbedingungen-page';

export default function Route() {
  return <AktionsbedingungenPage />;
}
