import type { Protocol, ProtocolSummary, Template, TemplateSummary } from '@rehabit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { Button } from '@web/components/ui/button/button.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { StatusPill } from '@web/components/ui/pill/status-pill.tsx';
import { Switch } from '@web/components/ui/switch/switch.tsx';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { Archive, ArchiveRestore, Copy, Eye, LayoutTemplate, Pencil } from 'lucide-react';
import { useState } from 'react';
import { templateQueryOptions } from '../api/get-template.ts';
import { useTemplates } from '../api/get-templates.ts';
import { useCreateTemplate, useRetireTemplate } from '../api/save-template.ts';
import { TemplateEditorDialog } from './template-editor-dialog.tsx';
import { TemplatePreview } from './template-preview.tsx';
import './templates.css';

const PAGE_SIZE = 25;
type Owner = 'all' | 'mine' | 'clinic';
const ownerOptions: { value: Owner; label: string }[] = [
  { value: 'all', label: 'All I can use' },
  { value: 'mine', label: 'Mine' },
  { value: 'clinic', label: 'Shared with the clinic' },
];

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

function TemplateRow({ template, onEdit }: { template: TemplateSummary; onEdit: () => void }) {
  const retire = useRetireTemplate();
  const setRetired = (retired: boolean) =>
    retire.mutate(
      { id: template.id, retired },
      {
        onSuccess: () => notify.success(retired ? `“${template.name}” retired` : `“${template.name}” brought back`),
        onError: (e) => notify.error(errorMessage(e)),
      },
    );
  return (
    <li className="templates-screen__row">
      <div>
        <h3 className="templates-screen__row-name">{template.name}</h3>
        <p className="templates-screen__row-detail">
          <StatusPill tone={template.visibility === 'clinic' ? 'info' : 'neutral'}>
            {template.visibility === 'clinic' ? 'Shared' : 'Private'}
          </StatusPill>{' '}
          {template.retired && <StatusPill tone="warning">Retired</StatusPill>}{' '}
          {plural(template.item_count, 'exercise')}
          {' · '}
          {template.is_mine ? 'Mine' : `By ${template.owner?.display_name ?? 'a former colleague'}`}
        </p>
      </div>
      {template.can_edit && (
        <div className="templates-screen__actions">
          <Button
            variant="secondary"
            size="sm"
            icon={<Pencil size={16} aria-hidden="true" />}
            aria-label={`Edit ${template.name}`}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={
              template.retired ? (
                <ArchiveRestore size={16} aria-hidden="true" />
              ) : (
                <Archive size={16} aria-hidden="true" />
              )
            }
            aria-label={`${template.retired ? 'Bring back' : 'Retire'} ${template.name}`}
            isLoading={retire.isPending}
            onClick={() => setRetired(!template.retired)}
          >
            {template.retired ? 'Bring back' : 'Retire'}
          </Button>
        </div>
      )}
    </li>
  );
}

function ProtocolRow({ protocol, onPreview }: { protocol: ProtocolSummary; onPreview: () => void }) {
  return (
    <li className="templates-screen__row">
      <div>
        <h3 className="templates-screen__row-name">{protocol.name}</h3>
        <p className="templates-screen__row-detail">
          <StatusPill tone="info">Protocol</StatusPill> ICD-10 {protocol.icd10_prefixes.join(', ')} ·{' '}
          {plural(protocol.item_count, 'exercise')} · {protocol.note}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        icon={<Eye size={16} aria-hidden="true" />}
        aria-label={`Preview ${protocol.name}`}
        onClick={onPreview}
      >
        Preview
      </Button>
    </li>
  );
}

/** A protocol's preview, with "Copy into a template": a template of one's own, then open to edit. */
function ProtocolDialog({
  protocolKey,
  onClose,
  onCopied,
}: {
  protocolKey: string;
  onClose: () => void;
  onCopied: (template: Template) => void;
}) {
  const create = useCreateTemplate();
  const copy = (protocol: Protocol) =>
    create.mutate(
      {
        name: protocol.name.slice(0, 70),
        visibility: 'private',
        items: protocol.items.map(({ video: _v, order: _o, ...item }) => item),
      },
      {
        onSuccess: (template) => {
          notify.success(`Copied into the template “${template.name}”`);
          onCopied(template);
        },
        onError: (e) => notify.error(errorMessage(e)),
      },
    );
  return (
    <Modal isOpen onClose={onClose} title="Protocol" size="lg">
      <TemplatePreview
        choice={{ kind: 'protocol', key: protocolKey }}
        actions={(loaded) =>
          'key' in loaded && (
            <div className="templates-screen__actions">
              <Button
                icon={<Copy size={16} aria-hidden="true" />}
                isLoading={create.isPending}
                disabled={loaded.items.length === 0}
                onClick={() => copy(loaded)}
              >
                Copy into a template
              </Button>
            </div>
          )
        }
      />
    </Modal>
  );
}

/**
 * The clinic's program templates (decision 1400): one's own and those shared with the clinic, to rename, edit, share
 * or retire where one may, and the protocols shipped with the product (decision 1401) to preview or copy.
 */
export function TemplatesScreen() {
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [owner, setOwner] = useState<Owner>('all');
  const [showRetired, setShowRetired] = useState(false);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Template | null>(null);
  const [protocol, setProtocol] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim(), 300);
  const list = useTemplates({
    search: term || undefined,
    owner: owner === 'all' ? undefined : owner,
    include_retired: showRetired ? 'true' : undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const templates = list.data?.results ?? [];
  const protocols = list.data?.protocols ?? [];

  const edit = async (id: number) => {
    try {
      setEditing(await queryClient.fetchQuery(templateQueryOptions(id)));
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };

  return (
    <>
      <PageHeader
        title="Program templates"
        description="Programs saved to start others from, and the protocols that come with Rehabit. A patient's program never changes when a template does."
      />
      <div className="templates-screen__filters">
        <TextField
          label="Search templates"
          type="search"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <Dropdown
          label="Whose"
          options={ownerOptions}
          value={owner}
          onChange={(value) => {
            setOwner(value);
            setPage(1);
          }}
        />
        <Switch
          label="Show retired"
          checked={showRetired}
          onChange={(checked) => {
            setShowRetired(checked);
            setPage(1);
          }}
        />
      </div>
      <section aria-labelledby="templates-title">
        <h2 id="templates-title" className="section-card__title">
          Templates
        </h2>
        <QueryStates
          query={list}
          loading={{ rows: 4, label: 'Loading templates' }}
          failedTitle="The templates could not be loaded"
          isEmpty={templates.length === 0}
          empty={
            <EmptyState
              icon={LayoutTemplate}
              title="No templates yet"
              description={
                term
                  ? 'No template is named like that.'
                  : "Save a patient's program as a template from its Program section, or copy a protocol below."
              }
            />
          }
          pages={{
            label: 'Pages of templates',
            page,
            total: list.data?.count ?? 0,
            onPageChange: setPage,
          }}
        >
          <ul className="templates-screen__list" aria-label="Templates">
            {templates.map((template) => (
              <TemplateRow key={template.id} template={template} onEdit={() => void edit(template.id)} />
            ))}
          </ul>
        </QueryStates>
      </section>
      {protocols.length > 0 && (
        <section className="templates-screen__section" aria-labelledby="protocols-title">
          <h2 id="protocols-title" className="section-card__title">
            Protocols shipped with Rehabit
          </h2>
          <ul className="templates-screen__list" aria-label="Protocols">
            {protocols.map((p) => (
              <ProtocolRow key={p.key} protocol={p} onPreview={() => setProtocol(p.key)} />
            ))}
          </ul>
        </section>
      )}
      {protocol && (
        <ProtocolDialog
          protocolKey={protocol}
          onClose={() => setProtocol(null)}
          onCopied={(template) => {
            setProtocol(null);
            setEditing(template);
          }}
        />
      )}
      {editing && <TemplateEditorDialog key={editing.id} template={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
