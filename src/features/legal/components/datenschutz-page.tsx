import Markdown from 'react-markdown';

import source from '../content/datenschutz.md?raw';
import { LegalPage } from './legal-page';

/** The privacy notice, written in markdown and rendered here (SPEC sections 2 and 9). */
export function DatenschutzPage() {
  return (
    <LegalPage>
      <Markdown>{source}</Markdown>
    </LegalPage>
  );
}
