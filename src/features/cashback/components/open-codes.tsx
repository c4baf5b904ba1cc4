import { Button } from '@/components/ui/button';

/** The workshop's open codes to take over into the code field with one click. */
export function OpenCodes({ codes, onPick }: { codes: string[]; onPick: (code: string) => void }) {
  if (codes.length === 0) return null;
  return (
    <div className="mt-3">
      <p id="open-codes-label" className="text-sm font-semibold text-slate-800">
        Ihre offenen Codes
      </p>
      <ul aria-labelledby="open-codes-label" className="mt-2 flex flex-wrap gap-2">
        {codes.map((code) => (
          <li key={code}>
            <Button variant="outline" size="sm" onClick={() => onPick(code)} aria-label={`Code ${code} übernehmen`}>
              {code}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
