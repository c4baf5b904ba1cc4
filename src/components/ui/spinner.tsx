import { cn } from '@/utils/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center gap-2">
      <span aria-hidden="true" className={cn('size-5 animate-spin rounded-full border-2 border-current border-t-transparent', className)} />
      {label && <span>{label}</span>}
    </span>
  );
}
