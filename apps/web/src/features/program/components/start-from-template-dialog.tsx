import type { ApplyTemplateResult, ProtocolSummary, TemplateSummary } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { StatusPill } from '@web/components/ui/pill/status-pill.tsx';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { LayoutTemplate } from 'lucide-react';
import { useState } from 'react';
import { useApplyTemplate } from '../api/apply-template.ts';
import type { TemplateChoice } from '../api/get-template.ts';
import { useTemplates } from '../api/get-templates.ts';
import { TemplatePreview } from './template-preview.tsx';
import './templates.css';

const PAGE_SIZE = 10;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What an apply did, in words: what was added, and what was left out and why. */
export function appliedMessage(result: ApplyTemplateResult) {
  const parts = [`${plural(result.added.length, 'exercise')} added to the program`];
  if (result.skipped_present.length > 0) parts.push(`${result.skipped_present.length} already in it`);
  if (result.skipped_unavailable.length > 0)
    parts.push(`${result.skipped_unavailable.length} no longer in the library`);
  if (result.skipped_missing.length > 0) parts.push(`not in your library: ${result.skipped_missing.join(', ')}`);
  return parts.join('; ');
}

const sameChoice = (a: TemplateChoice | null, b: TemplateChoice) =>
  a !== null &&
  (a.kind === 'template' && b.kind === 'template'
    ? a.id === b.id
    : a.kind === 'protocol' && b.kind === 'protocol' && a.key === b.key);

function ChoiceButton({
  label,
  detail,
  badge,
  isChosen,
  onChoose,
}: {
  label: string;
  detail: string;
  badge?: string;
  isChosen: boolean;
  onChoose: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        className={`template-choice${isChosen ? ' template-choice--chosen' : ''}`}
        aria-pressed={isChosen}
        onClick={onChoose}
      >
        <span className="template-choice__name">{label}</span>
        <span className="template-choice__detail">
          {badge && <StatusPill tone="info">{badge}</StatusPill>} {detail}
        </span>
      </button>
    </li>
  );
}

const protocolDetail = (p: ProtocolSummary) =>
  p.item_count < p.listed_count
    ? `${p.item_count} of ${p.listed_count} exercises in the library`
    : plural(p.item_count, 'exercise');
const templateDetail = (t: TemplateSummary) =>
  `${plural(t.item_count, 'exercise')} · ${t.visibility === 'clinic' ? 'Shared with the clinic' : 'Private'}${
    t.is_mine ? '' : ` · by ${t.owner?.display_name ?? 'a former colleague'}`
  }`;

type Props = { patientId: number; onClose: () => void };

/**
 * "Start from a template": the protocols that match the patient's diagnosis first, then the caller's and the clinic's
 * templates, then the other protocols; a preview of the one chosen, and its exercises added to the program after the
 * ones it holds (decision 1400).
 */
export default function StartFromTemplateDialog({ patientId, onClose }: Props) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [choice, setChoice] = useState<TemplateChoice | null>(null);
  const [error, setError] = useState<string>();
  const term = useDebouncedValue(search.trim(), 300);
  const list = useTemplates({ for_patient: patientId, search: term || undefined, page, page_size: PAGE_SIZE });
  const apply = useApplyTemplate(patientId);
  const data = list.data;
  const offered = data?.protocols.filter((p) => p.matches) ?? [];
  const others = data?.protocols.filter((p) => !p.matches) ?? [];
  const templates = data?.results ?? [];
  const isEmpty = data !== undefined && data.protocols.length === 0 && templates.length === 0;

  const submit = () => {
    if (!choice) return setError('Choose a template or a protocol');
    setError(undefined);
    apply.mutate(choice.kind === 'template' ? { template_id: choice.id } : { protocol: choice.key }, {
      onSuccess: (result) => {
        notify.success(appliedMessage(result));
        onClose();
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  const protocolItems = (protocols: ProtocolSummary[], badge?: string) =>
    protocols.map((p) => (
      <ChoiceButton
        key={p.key}
        label={p.name}
        detail={protocolDetail(p)}
        badge={badge}
        isChosen={sameChoice(choice, { kind: 'protocol', key: p.key })}
        onChoose={() => setChoice({ kind: 'protocol', key: p.key })}
      />
    ));

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Start from a template"
      description="The exercises are added after those in the program; an exercise it holds already is kept as it is. The program can be edited freely afterwards."
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} isLoading={apply.isPending} disabled={!choice}>
            Add to program
          </Button>
        </>
      }
    >
      <div className="template-dialog">
        <div className="template-dialog__list">
          <TextField
            label="Search templates"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
          {error && (
            <p className="template-dialog__error" role="alert">
              {error}
            </p>
          )}
          {list.isPending ? (
            <SkeletonList rows={4} label="Loading templates" />
          ) : list.isError ? (
            <ErrorState title="The templates could not be loaded" error={list.error} onRetry={() => list.refetch()} />
          ) : isEmpty ? (
            <EmptyState
              icon={LayoutTemplate}
              title="No templates"
              description={term ? 'Nothing is named like that.' : 'Save a program as a template to use it again.'}
            />
          ) : (
            <>
              {offered.length > 0 && (
                <>
                  <h3 className="template-dialog__group" id="offered-protocols">
                    Offered for {data?.diagnosis}
                  </h3>
                  <ul className="template-dialog__choices" aria-labelledby="offered-protocols">
                    {protocolItems(offered, 'Matches the diagnosis')}
                  </ul>
                </>
              )}
              {templates.length > 0 && (
                <>
                  <h3 className="template-dialog__group" id="clinic-templates">
                    Templates
                  </h3>
                  <ul className="template-dialog__choices" aria-labelledby="clinic-templates">
                    {templates.map((t) => (
                      <ChoiceButton
                        key={t.id}
                        label={t.name}
                        detail={templateDetail(t)}
                        isChosen={sameChoice(choice, { kind: 'template', id: t.id })}
                        onChoose={() => setChoice({ kind: 'template', id: t.id })}
                      />
                    ))}
                  </ul>
                  <Pagination
                    label="Pages of templates"
                    currentPage={page}
                    totalItems={data?.count ?? 0}
                    perPage={PAGE_SIZE}
                    onPageChange={setPage}
                  />
                </>
              )}
              {others.length > 0 && (
                <>
                  <h3 className="template-dialog__group" id="other-protocols">
                    {offered.length > 0 ? 'Other protocols' : 'Protocols'}
                  </h3>
                  <ul className="template-dialog__choices" aria-labelledby="other-protocols">
                    {protocolItems(others)}
                  </ul>
                </>
              )}
            </>
          )}
        </div>
        <div className="template-dialog__preview">
          {choice ? (
            <TemplatePreview key={choice.kind === 'template' ? choice.id : choice.key} choice={choice} />
          ) : (
            <p className="template-dialog__hint">Choose a template or a protocol to see its exercises.</p>
          )}
        </div>
      </div>
    </Modal>
  );
}
