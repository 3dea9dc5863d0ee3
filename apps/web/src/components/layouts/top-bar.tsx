import type { Role } from '@rehabit/contract';
import { paths } from '@web/config/paths.ts';
import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from './brand.tsx';
import { UserMenu } from './user-menu.tsx';

type TopBarProps = {
  clinicName: string;
  displayName: string;
  email: string;
  role: Role;
  isMobile: boolean;
  onSignOut: () => void;
  isSigningOut?: boolean;
};

export function TopBar({ clinicName, isMobile, ...user }: TopBarProps) {
  return (
    <header className="top-bar">
      {isMobile && (
        <Link to={paths.patients.getHref()} className="top-bar__brand" aria-label="Rehabit, patients">
          <Brand isCompact />
        </Link>
      )}
      <p className="top-bar__clinic">
        <Building2 size={18} aria-hidden="true" />
        <span className="visually-hidden">Clinic: </span>
        <span className="top-bar__clinic-name">{clinicName}</span>
      </p>
      <UserMenu {...user} />
    </header>
  );
}
