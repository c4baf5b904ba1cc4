import { AccountDeletionPage } from '@/features/profile/components/account-deletion-page';

export default function AccountDeletionRoute() {
  return <AccountDeletionPage />;
}
