import { type BillingSettings, billingRuleYears, can } from '@rehabit/contract';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { formatCurrency } from '@web/components/ui/format/format.ts';
import { Table } from '@web/components/ui/table/table.tsx';
import { useCurrentUser } from '@web/features/session';
import { Building2 } from 'lucide-react';
import { useBillingSettings } from '../api/get-billing-settings.ts';
import { BillingSettingsForm, rateLabel, roleOf } from './billing-settings-form.tsx';
import './billing-settings.css';

/** The settings as everyone who reads billing sees them, without controls. */
function BillingSettingsSummary({ settings }: { settings: BillingSettings }) {
  return (
    <div className="billing-settings__form">
      <dl className="billing-settings__facts">
        <dt>Timezone</dt>
        <dd>{settings.timezone.replaceAll('_', ' ')}</dd>
        <dt>Hourly monitoring rate</dt>
        <dd>{settings.monitoring_rate === null ? 'Not set' : formatCurrency(settings.monitoring_rate)}</dd>
      </dl>
      {billingRuleYears.map((year) => (
        <Table key={year} caption={`Rates for services in ${year}`}>
          <thead>
            <tr>
              <th scope="col">Code ({year})</th>
              <th scope="col">Rate</th>
              <th scope="col">Default</th>
            </tr>
          </thead>
          <tbody>
            {settings.rates
              .filter((rate) => rate.year === year)
              .map((rate) => (
                <tr key={rate.code}>
                  <th scope="row">{rateLabel(rate.code)}</th>
                  <td className="tabular">{formatCurrency(rate.rate)}</td>
                  <td className="tabular">{formatCurrency(rate.default_rate)}</td>
                </tr>
              ))}
          </tbody>
        </Table>
      ))}
      <Table caption="Rendering staff">
        <thead>
          <tr>
            <th scope="col">Rendering staff</th>
            <th scope="col">NPI</th>
            <th scope="col">Assistant</th>
          </tr>
        </thead>
        <tbody>
          {settings.staff.length === 0 && (
            <tr>
              <td colSpan={3}>No approved therapists or supervisors yet.</td>
            </tr>
          )}
          {settings.staff.map((member) => (
            <tr key={member.id}>
              <th scope="row">
                {member.display_name} <span className="billing-settings__role">{roleOf(member.role)}</span>
              </th>
              <td className="tabular">{member.npi ?? 'Not set'}</td>
              <td>{member.is_assistant ? 'Yes' : 'No'}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

type BillingSettingsPanelProps = {
  /** The clinic an admin looks at; clinic staff always see their own and leave it out. */
  clinicCode?: string;
  /** Shows the settings without controls even to those who may change them (an admin's read-only view). */
  isReadOnly?: boolean;
};

/**
 * The clinic's billing settings: its timezone, its rate of each code per rule year, and its rendering staff's NPI
 * and assistant flag. Everyone who reads billing sees them; supervisors and admins change them. Its own module, so
 * the screen that shows it can load it lazily.
 */
export function BillingSettingsPanel({ clinicCode, isReadOnly = false }: BillingSettingsPanelProps) {
  const role = useCurrentUser().data?.role;
  const needsClinic = role !== undefined && can(role, 'clinics.all') && !clinicCode;
  const settings = useBillingSettings(clinicCode, role !== undefined && !needsClinic);
  if (role && !can(role, 'billing.read')) return null;
  const canEdit = !isReadOnly && role !== undefined && can(role, 'billing.settings');

  return (
    <section className="section-card billing-settings" aria-labelledby="billing-settings-title">
      <h2 id="billing-settings-title" className="section-card__title">
        Billing settings
      </h2>
      <p className="billing-settings__intro">
        The clinic’s calendar, what each code pays, and who renders the services. A service bills at the rate of its
        year, by its date of service.{canEdit || isReadOnly ? '' : ' Supervisors and admins change them.'}
      </p>
      {needsClinic ? (
        <EmptyState
          icon={Building2}
          title="Choose a clinic"
          description="Billing settings belong to a clinic: choose one to see and change its settings."
        />
      ) : (
        <QueryStates
          query={settings}
          loading={{ rows: 3, label: 'Loading the billing settings' }}
          failedTitle="The billing settings could not be loaded"
        >
          {(saved) =>
            canEdit ? (
              <BillingSettingsForm key={clinicCode} settings={saved} clinicCode={clinicCode} />
            ) : (
              <BillingSettingsSummary settings={saved} />
            )
          }
        </QueryStates>
      )}
    </section>
  );
}
