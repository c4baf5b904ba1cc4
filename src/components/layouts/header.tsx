import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSessionStore } from '@/stores/session';
import { cn } from '@/utils/cn';

import { navItems } from './nav-items';

const UserMenu = lazy(() => import('./user-menu'));
const MobileMenu = lazy(() => import('./mobile-menu'));

function Logo() {
  return (
    <Link to={paths.home.getHref()} className="flex items-center gap-2" aria-label="NORA Cashback-Aktion, zur Startseite">
      <img src="/logo-nora.svg" alt="" width="40" height="40" className="size-10" />
      <span className="text-lg leading-tight font-extrabold text-brand-700">
        NORA <span className="font-semibold text-slate-800">Cashback</span>
      </span>
    </Link>
  );
}

function LoginLink({ muted, className }: { muted: boolean; className?: string }) {
  return (
    <Link
      to={paths.login.getHref()}
      className={cn(
        buttonVariants({ size: 'sm', variant: muted ? 'outline' : 'primary' }),
        muted && 'border-slate-400 text-slate-600',
        className,
      )}
    >
      Login
    </Link>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded px-2 py-1 font-medium text-slate-800 hover:text-brand-700 hover:underline', isActive && 'text-brand-700');

export function Header() {
  const { role, username } = useSessionStore();
  const { pathname } = useLocation();
  const onRegisterPage = pathname.startsWith(paths.register.path);
  const items = navItems(role, onRegisterPage);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerRequested, setDrawerRequested] = useState(false);

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Logo />
        <nav aria-label="Hauptnavigation" className="ml-auto hidden items-center gap-2 md:flex">
          {items.map((item) => (
            <NavLink key={item.label} to={item.to} className={item.to.startsWith('/#') ? () => linkClass({ isActive: false }) : linkClass}>
              {item.label}
            </NavLink>
          ))}
          {role && username !== null ? (
            <Suspense fallback={<span className="w-32" />}>
              <UserMenu role={role} username={username} />
            </Suspense>
          ) : (
            <LoginLink muted={onRegisterPage} className="ml-2" />
          )}
        </nav>

        <button
          type="button"
          onClick={() => {
            setDrawerRequested(true);
            setDrawerOpen(true);
          }}
          aria-label="Menü öffnen"
          aria-expanded={drawerOpen}
          className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'ml-auto md:hidden')}
        >
          <Menu aria-hidden="true" className="size-6" />
        </button>
        {drawerRequested && (
          <Suspense fallback={null}>
            <MobileMenu
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              items={items}
              signedIn={role !== null}
              username={username}
              loginMuted={onRegisterPage}
            />
          </Suspense>
        )}
      </div>
    </header>
  );
}
