import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { FileName } from './file-table';

describe('file names in the data area’s tables', () => {
  it('may wrap only after their separators, not in the middle of a word', () => {
    const { container } = render(<FileName name="umsatzdaten_kw37-2025.csv" />);
    expect(container.textContent).toBe('umsatzdaten_kw37-2025.csv');
    // A line may break after '_', '-' and '.', nowhere else unless a part is wider than the column.
    const parts = [...container.querySelectorAll('span > span')].map((s) => s.textContent);
    expect(parts).toEqual(['umsatzdaten_', 'kw37-', '2025.', 'csv']);
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    expect(container.firstElementChild!.className).not.toContain('break-all');
  });
});
