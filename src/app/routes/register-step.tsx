import { useParams } from 'react-router';

import { InitForm } from '@/features/registration/components/init-form';

import { PlaceholderPage } from './placeholder-page';

export default function RegisterStepRoute() {
  const { step } = useParams();
  if (step === 'init') {
    return (
      <PlaceholderPage title="Registrierung">
        <div className="mt-6 max-w-xl">
          <InitForm />
        </div>
      </PlaceholderPage>
    );
  }
  return <PlaceholderPage title="Registrierung" />;
}
