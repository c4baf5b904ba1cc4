import { describe, expect, it } from 'vitest';

import { cn } from './cn';

describe('cn', () => {
  it('lets a later class of the same group replace an earlier one', () => {
    expect(cn('max-w-lg p-6', 'max-w-xl')).toBe('p-6 max-w-xl');
    expect(cn('pr-8 text-xl font-bold', 'text-lg')).toBe('pr-8 font-bold text-lg');
    expect(cn('px-3 py-2', 'px-4')).toBe('py-2 px-4');
  });

  it('keeps size and colour of text apart, and variants apart', () => {
    expect(cn('text-sm text-slate-700', 'text-brand-800')).toBe('text-sm text-brand-800');
    expect(cn('hidden md:flex', 'flex')).toBe('md:flex flex');
    expect(cn('mt-2', 'sm:mt-1.5')).toBe('mt-2 sm:mt-1.5');
  });

  it('keeps unrelated classes, drops falsy inputs', () => {
    expect(cn('inline-flex items-center', false, undefined, 'ml-auto')).toBe('inline-flex items-center ml-auto');
    expect(cn('rounded-md border', { 'outline outline-red-700': true })).toBe('rounded-md border outline outline-red-700');
  });
});
