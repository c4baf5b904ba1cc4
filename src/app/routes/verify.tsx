import { useParams } from 'react-router';

import { VerifyEmail } from '@/features/auth/components/verify-email';

export default function VerifyRoute() {
  const { token } = useParams();
  return <VerifyEmail key={token} token={token} />;
}
