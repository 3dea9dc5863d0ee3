import { can, type Role } from '@rehabit/contract';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@web/config/paths.ts';
import { ALL_CLINICS, clinicQueryOptions, useChosenClinicCode } from '@web/features/clinics';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
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
  /** The monitoring pill while a patient is monitored: in the bar's flow, so it never covers the clinic's name. */
  monitoring?: ReactNode;
};

/** The clinic the screen is about: the staff member's own, or the one a platform admin chose, or every clinic. */
function useHeaderClinicName(role: Role, ownName: string) {
  const code = useChosenClinicCode(role);
  const chosen = useQuery({ ...clinicQueryOptions(code ?? ''), enabled: code !== null });
  if (!can(role, 'clinics.all')) return ownName;
  return code ? (chosen.data?.name ?? code) : ALL_CLINICS;
}

export function TopBar({ clinicName, isMobile, monitoring, ...user }: TopBarProps) {
  const shownName = useHeaderClinicName(user.role, clinicName);
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
        {/* Cut short with an ellipsis where the bar is narrow; the title shows it whole on hover. */}
        <span className="top-bar__clinic-name" title={shownName}>
          {shownName}
        </span>
      </p>
      {monitoring}
      <div className="top-bar__end">
        <UserMenu {...user} />
      </div>
    </header>
  );
}
