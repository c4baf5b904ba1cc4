import { useParams } from 'react-router';

import { RegistrationWizard } from '@/features/registration/components/wizard';

export default function RegisterStepRoute() {
  const { step } = useParams();
  return <RegistrationWizard segment={step} />;
}
