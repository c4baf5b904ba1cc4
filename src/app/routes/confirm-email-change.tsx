import { useParams } from 'react-router';

import { ConfirmEmailChangeForm } from '@/features/auth/components/confirm-email-change-form';

export default function ConfirmEmailChangeRoute() {
  const { token } = useParams();
  return <ConfirmEmailChangeForm token={token} />;
}
