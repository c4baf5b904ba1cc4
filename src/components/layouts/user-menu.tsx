import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { logout } from '@/lib/auth';
import type { Role } from '@/lib/roles';
import { cn } from '@/utils/cn';

// Loaded only for signed-in visitors, so the landing page does not carry the menu code.
export default function UserMenu({ role, username }: { role: Role; username: string }) {
  const staff = role !== 'User';
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'max-w-56')}
        aria-label={`Benutzermenü ${username}`}
      >
        <UserRound aria-hidden="true" className="size-5" />
        <span className="truncate">{username}</span>
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{username}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={staff ? paths.adminProfile.getHref() : paths.profile.getHref()}>Profil</Link>
        </DropdownMenuItem>
        {staff && (
          <DropdownMenuItem asChild>
            <Link to={paths.datacenter.getHref()}>Datacenter</Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={logout}>
          <LogOut aria-hidden="true" className="size-4" />
          Abmelden
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
