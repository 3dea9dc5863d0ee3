import type { ClinicRef, Patient } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { Button } from '@web/components/ui/button/button.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { useClinicChoice, useWorkingClinic } from '@web/features/clinics';
import { usePatients } from '@web/features/patients/api/get-patients.ts';
import type { SessionUser } from '@web/features/session';
import { useIsMobile } from '@web/lib/device.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { SearchX, UserPlus, Users } from 'lucide-react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { dialogFor, type PatientDialogState, PatientDialogs } from '../dialogs/patient-dialogs.tsx';
import { QrSignupDialog } from '../qr/qr-signup-dialog.tsx';
import { BulkBar } from './bulk-bar.tsx';
import { ClinicActions } from './clinic-actions.tsx';
import { PatientCards } from './patient-cards.tsx';
import { PatientsFilters } from './patients-filters.tsx';
import { PatientsTable } from './patients-table.tsx';
import { noFilters, useListParams } from './use-list-params.ts';
import '../patients.css';

export const SEARCH_DEBOUNCE_MS = 300;

const countText = (count: number, isCapped: boolean) =>
  isCapped
    ? `${count.toLocaleString('en-US')}+ patients`
    : count === 1
      ? '1 patient'
      : `${count.toLocaleString('en-US')} patients`;

/** The clinic's patients: search, filter, page, choose several, and act on one or many. */
export function PatientList({ user }: { user: SessionUser }) {
  const params = useListParams();
  const clinic = useClinicChoice(user.role);
  const working = useWorkingClinic(user);
  const [typed, setTyped] = useState(params.search);
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<Map<number, Patient>>(new Map());
  const [dialog, setDialog] = useState<PatientDialogState | null>(null);
  const [qrClinic, setQrClinic] = useState<ClinicRef | null>(null);
  const isMobile = useIsMobile();

  // Once a patient is opened from the list, the list stays mounted until the next screen is drawn: writing the search
  // into the address then would cancel that navigation and bring the person back here. The router's own state says
  // so only after its transition is rendered, and a search typed just before the click may be applied sooner.
  const isLeaving = useNavigation().state !== 'idle';
  const isOpeningPatient = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the typing only, not every address change
  useEffect(() => {
    if (isLeaving || isOpeningPatient.current) return;
    if (debounced.trim() !== params.search) params.update({ search: debounced.trim() });
  }, [debounced]);

  const query = {
    clinic_code: clinic.code ?? undefined,
    search: params.search || undefined,
    status: params.status || undefined,
    therapist_id: params.therapistId || undefined,
    rtm: params.rtm || undefined,
    billable: params.billable || undefined,
    call: params.call || undefined,
    chat: params.chat || undefined,
    data: params.data || undefined,
    page: params.page,
  };
  const list = usePatients(query);
  const patients = list.data?.results ?? [];
  const hasFilters = Boolean(
    params.search ||
      params.status ||
      params.therapistId ||
      params.rtm ||
      params.billable ||
      params.call ||
      params.chat ||
      params.data,
  );

  // A selection belongs to the rows on screen; another page or filter starts a new one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query changes
  useEffect(
    () => setSelected(new Map()),
    [
      clinic.code,
      params.search,
      params.status,
      params.therapistId,
      params.rtm,
      params.billable,
      params.call,
      params.chat,
      params.data,
      params.page,
    ],
  );

  const toggle = (patient: Patient) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(patient.id)) next.delete(patient.id);
      else next.set(patient.id, patient);
      return next;
    });
  const toggleAll = () =>
    setSelected((current) =>
      patients.every((patient) => current.has(patient.id))
        ? new Map()
        : new Map(patients.map((patient) => [patient.id, patient])),
    );
  const clearSelection = () => setSelected(new Map());
  const rows = {
    patients,
    user,
    // Every clinic's patients at once: each row says whose they are (decision 1150).
    showsClinic: clinic.isAdmin && !clinic.code,
    selected: new Set(selected.keys()),
    onToggle: toggle,
    onToggleAll: toggleAll,
    onAction: (action: Parameters<typeof dialogFor>[0], patient: Patient) => setDialog(dialogFor(action, patient)),
    onOpen: (event: MouseEvent<HTMLAnchorElement>) => {
      // A click with a modifier opens another tab, and this list stays.
      const opensHere = event.button === 0 && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
      if (opensHere) isOpeningPatient.current = true;
    },
  };

  return (
    <>
      <PageHeader
        title="Patients"
        description={
          list.data
            ? countText(list.data.count, list.data.count_capped)
            : 'Everyone your clinic follows between visits.'
        }
        actions={
          <ClinicActions
            working={working}
            onQrSignup={setQrClinic}
            onRegister={(chosen) => setDialog({ kind: 'register', clinic: chosen })}
          />
        }
      />
      <PatientsFilters
        search={typed}
        onSearchChange={setTyped}
        params={params}
        onChange={params.update}
        clinic={
          clinic.isAdmin
            ? {
                code: clinic.code,
                // Therapists belong to a clinic, and the pages change: both start again. The search is the one in
                // the box, even when the pause before it is applied has not run out yet.
                onChange: (code) =>
                  clinic.choose(code, { therapist_id: null, page: null, search: typed.trim() || null }),
              }
            : undefined
        }
      />
      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          onDischarge={() => setDialog({ kind: 'discharge', patients: [...selected.values()] })}
          onReOnboard={() => setDialog({ kind: 're_onboard', patients: [...selected.values()] })}
          onClear={clearSelection}
        />
      )}
      <section className="patient-list" aria-labelledby="patient-list-title" aria-busy={list.isFetching}>
        <h2 id="patient-list-title" className="visually-hidden">
          Patient list
        </h2>
        <QueryStates
          query={list}
          loading={{ rows: 6, label: 'Loading patients' }}
          failedTitle="The patient list could not be loaded"
          isEmpty={patients.length === 0}
          empty={
            hasFilters ? (
              <EmptyState
                icon={SearchX}
                title="No patients match"
                description="Check the spelling, search by phone digits or a birthday such as 03/04/1956, or clear the filters."
                action={
                  <Button
                    variant="secondary"
                    onClick={() => {
                      setTyped('');
                      params.update(noFilters);
                    }}
                  >
                    Clear filters
                  </Button>
                }
              />
            ) : (
              <EmptyState
                icon={Users}
                title="No patients yet — register the first one"
                description="Patients your clinic registers, or who sign up with the clinic's QR code, are listed here."
                action={
                  working.kind === 'clinic' && (
                    <Button
                      icon={<UserPlus size={18} aria-hidden="true" />}
                      onClick={() => setDialog({ kind: 'register', clinic: working.clinic })}
                    >
                      Register patient
                    </Button>
                  )
                }
              />
            )
          }
        >
          {isMobile ? <PatientCards {...rows} /> : <PatientsTable {...rows} />}
        </QueryStates>
      </section>
      {/* Outside the list's states: the pages keep their place while a page loads again or fails. */}
      <Pagination
        label="Patient list pages"
        currentPage={params.page}
        totalItems={list.data?.count ?? 0}
        onPageChange={(page) => params.update({ page })}
      />
      <PatientDialogs state={dialog} onClose={() => setDialog(null)} onLifecycleDone={clearSelection} />
      {qrClinic && <QrSignupDialog clinic={qrClinic} onClose={() => setQrClinic(null)} />}
    </>
  );
}
