import { CashbackPage } from '@/features/cashback/components/cashback-page';

export default function CashbackRoute() {
  return <CashbackPage />;
}
