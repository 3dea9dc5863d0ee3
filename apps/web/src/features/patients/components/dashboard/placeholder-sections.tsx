import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { type LucideIcon, MessageSquare } from 'lucide-react';

type Placeholder = { id: string; title: string; icon: LucideIcon; empty: string; text: string };

/** Sections the next areas fill; each already says what it will hold. */
const placeholderSections: readonly Placeholder[] = [
  {
    id: 'chat',
    title: 'Chat',
    icon: MessageSquare,
    empty: 'No messages yet',
    text: 'Messages with this patient will show here and in the chat panel.',
  },
];

/** In the design's order chat comes last, after the interaction log. */
export const sectionsAfterLog = placeholderSections;

export function PlaceholderSection({ section }: { section: Placeholder }) {
  return (
    <section id={section.id} className="section-card section-card--placeholder" aria-labelledby={`${section.id}-title`}>
      <h2 id={`${section.id}-title`} className="section-card__title">
        {section.title}
      </h2>
      <EmptyState icon={section.icon} title={section.empty} description={section.text} />
    </section>
  );
}
