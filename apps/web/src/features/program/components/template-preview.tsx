import type { Protocol, Template } from '@rehabit/contract';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { StatusPill } from '@web/components/ui/pill/status-pill.tsx';
import type { ReactNode } from 'react';
import { type TemplateChoice, useProtocol, useTemplate } from '../api/get-template.ts';
import { dosageText } from '../lib/dosage.ts';

/** What a protocol says of itself: a starting point, the guidelines it follows, what the library lacks. */
function ProtocolNotes({ protocol }: { protocol: Protocol }) {
  return (
    <div className="template-preview__notes">
      <p className="template-preview__note">
        <StatusPill tone="info">Protocol</StatusPill> {protocol.note}
      </p>
      <p>{protocol.summary}</p>
      <p className="template-preview__codes">Offered for ICD-10 {protocol.icd10_prefixes.join(', ')}</p>
      <h4 className="template-preview__subtitle">Sources</h4>
      <ul className="template-preview__sources">
        {protocol.sources.map((source) => (
          <li key={source}>{source}</li>
        ))}
      </ul>
      {protocol.missing.length > 0 && (
        <p className="template-preview__missing" role="note">
          Not in the exercise library, so left out: {protocol.missing.join(', ')}
        </p>
      )}
    </div>
  );
}

function Exercises({ template }: { template: Template | Protocol }) {
  if (template.items.length === 0) return <p>No exercise of it is in the library.</p>;
  return (
    <ol className="template-preview__items" aria-label={`Exercises of ${template.name}`}>
      {template.items.map((item) => (
        <li key={`${item.order}-${item.video_id}`}>
          <span className="template-preview__item-title">{item.video.title}</span>
          <span className="template-preview__item-dosage">{dosageText(item)}</span>
          {item.description && <span className="template-preview__item-note">{item.description}</span>}
        </li>
      ))}
    </ol>
  );
}

type Loaded = {
  data?: Template | Protocol;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

/** A template's or a protocol's exercises with their dosage, and the protocol's notes, before it is applied. */
export function TemplatePreview({
  choice,
  actions,
}: {
  choice: TemplateChoice;
  actions?: (loaded: Template | Protocol) => ReactNode;
}) {
  const template = useTemplate(choice.kind === 'template' ? choice.id : null);
  const protocol = useProtocol(choice.kind === 'protocol' ? choice.key : null);
  const query: Loaded = choice.kind === 'template' ? template : protocol;
  if (query.isPending) return <SkeletonList rows={4} label="Loading the preview" />;
  if (query.isError || !query.data) {
    return <ErrorState title="The preview could not be loaded" error={query.error} onRetry={() => query.refetch()} />;
  }
  const loaded = query.data;
  return (
    <section className="template-preview" aria-label={`Preview of ${loaded.name}`}>
      <h3 className="template-preview__title">{loaded.name}</h3>
      {'key' in loaded && <ProtocolNotes protocol={loaded} />}
      <Exercises template={loaded} />
      {actions?.(loaded)}
    </section>
  );
}
