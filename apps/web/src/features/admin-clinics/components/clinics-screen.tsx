import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { Button } from '@web/components/ui/button/button.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Table } from '@web/components/ui/table/table.tsx';
import { paths } from '@web/config/paths.ts';
import { notify } from '@web/lib/notify.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { Building2, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useClinics } from '../api/get-clinics.ts';
import { CreateClinicDialog } from './create-clinic-dialog.tsx';
import './admin-clinics.css';

/** Every clinic of the platform, searchable, with a way to add one with its supervisor. */
export function ClinicsScreen() {
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), 300);
  const [page, setPage] = useState(1);
  const [isCreating, setIsCreating] = useState(false);
  const navigate = useNavigate();
  const clinics = useClinics({ search: search || undefined, page });
  const rows = clinics.data?.results ?? [];

  return (
    <>
      <PageHeader
        title="Clinics"
        description="Every clinic on the platform. Open one to see its details, its billing settings and its audit log."
        actions={
          <Button icon={<Plus aria-hidden />} onClick={() => setIsCreating(true)}>
            New clinic
          </Button>
        }
      />
      <section className="section-card" aria-label="Clinics">
        <div className="admin-clinics__filters">
          <TextField
            label="Search clinics"
            type="search"
            placeholder="Name or code"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <QueryStates
          query={clinics}
          loading={{ rows: 4, label: 'Loading clinics' }}
          failedTitle="The clinics could not be loaded"
          isEmpty={rows.length === 0}
          empty={
            <EmptyState
              icon={Building2}
              title={search ? 'No clinic matches' : 'No clinics yet'}
              description={search ? 'Try another name or code.' : 'Create the first clinic with its supervisor.'}
            />
          }
          pages={{ label: 'Clinic pages', page, total: clinics.data?.count ?? 0, onPageChange: setPage }}
        >
          <Table caption="Clinics">
            <thead>
              <tr>
                <th scope="col">Clinic</th>
                <th scope="col">Code</th>
                <th scope="col">Supervisor</th>
                <th scope="col" className="tabular">
                  Staff
                </th>
                <th scope="col" className="tabular">
                  Patients
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((clinic) => (
                <tr key={clinic.id}>
                  <th scope="row">
                    <Link to={paths.adminClinic.getHref(clinic.code)}>{clinic.name}</Link>
                  </th>
                  <td className="tabular">{clinic.code}</td>
                  <td>{clinic.supervisor?.display_name ?? 'None'}</td>
                  <td className="tabular">{clinic.staff_count}</td>
                  <td className="tabular">{clinic.patients_count}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </QueryStates>
      </section>
      <CreateClinicDialog
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(clinic) => {
          setIsCreating(false);
          notify.success(`Clinic ${clinic.name} created with code ${clinic.code}`);
          navigate(paths.adminClinic.getHref(clinic.code));
        }}
      />
    </>
  );
}
