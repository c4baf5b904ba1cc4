import { LogOut } from 'lucide-react';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button';
import { Dialog, DialogTitle, SheetContent } from '@/components/ui/dialog';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth';
import { cn } from '@/utils/cn';

import type { NavItem } from './nav-items';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NavItem[];
  signedIn: boolean;
  username: string | null;
  loginMuted: boolean;
}

// The side drawer for narrow screens; loaded on the first tap of the menu button.
export default function MobileMenu({ open, onOpenChange, items, signedIn, username, loginMuted }: MobileMenuProps) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent aria-describedby={undefined}>
        <DialogTitle className="text-lg">Menü</DialogTitle>
        {signedIn && username && <p className="text-sm text-slate-700">Angemeldet als {username}</p>}
        <nav aria-label="Mobile Navigation" className="mt-2 flex flex-col gap-1">
          {items.map((item) => (
            <Link key={item.label} to={item.to} onClick={close} className="rounded px-2 py-3 font-medium hover:bg-slate-100">
              {item.label}
            </Link>
          ))}
          {signedIn ? (
            <button
              type="button"
              onClick={() => {
                close();
                logout();
              }}
              className="flex items-center gap-2 rounded px-2 py-3 text-left font-medium hover:bg-slate-100"
            >
              <LogOut aria-hidden="true" className="size-4" />
              Abmelden
            </button>
          ) : (
            <Link
              to={paths.login.getHref()}
              onClick={close}
              className={cn(
                buttonVariants({ variant: loginMuted ? 'outline' : 'primary' }),
                'mt-2',
                loginMuted && 'border-slate-400 text-slate-600',
              )}
            >
              Login
            </Link>
          )}
        </nav>
      </SheetContent>
    </Dialog>
  );
}
