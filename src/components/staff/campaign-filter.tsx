import { useId } from 'react';

export interface CampaignOption {
  id: string;
  label: string;
}

/**
 * 'Aktion': which campaign a staff list shows (issue 60: campaigns side by side). Shown only when
 * there is more than one campaign; `allLabel` names the choice of every campaign ('' value).
 */
export function CampaignSelect({
  campaigns,
  value,
  onChange,
  allLabel = 'Alle Aktionen',
}: {
  campaigns: CampaignOption[];
  value: string;
  onChange: (id: string) => void;
  /** null: no choice of every campaign (the dashboard shows one campaign at a time). */
  allLabel?: string | null;
}) {
  const id = useId();
  if (campaigns.length < 2) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-semibold text-slate-800">
        Aktion
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-slate-400 bg-white px-2 py-1"
      >
        {allLabel !== null && <option value="">{allLabel}</option>}
        {campaigns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}
