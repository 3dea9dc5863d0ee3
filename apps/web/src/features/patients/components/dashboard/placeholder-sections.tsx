import { Activity, ClipboardList, LineChart, type LucideIcon, MessageSquare } from 'lucide-react';
import { EmptyState } from '../../../../components/ui/feedback/empty-state.tsx';

type Placeholder = { id: string; title: string; icon: LucideIcon; empty: string; text: string };

/** Sections the next areas fill; each already says what it will hold. */
const placeholderSections: readonly Placeholder[] = [
  {
    id: 'program',
    title: 'Program',
    icon: ClipboardList,
    empty: 'No home exercise program yet',
    text: 'The exercises this patient does at home, with sets, reps and notes, will be built here.',
  },
  {
    id: 'progress',
    title: 'Progress',
    icon: LineChart,
    empty: 'No progress to show yet',
    text: 'Exercise adherence, pain and activity week by week appear once the patient starts the program.',
  },
  {
    id: 'functional-data',
    title: 'Functional data',
    icon: Activity,
    empty: 'No outcome measures yet',
    text: 'Scores such as NPRS, LEFS or range of motion, dated, so change over the episode is visible.',
  },
  {
    id: 'chat',
    title: 'Chat',
    icon: MessageSquare,
    empty: 'No messages yet',
    text: 'Messages with this patient will show here and in the chat panel.',
  },
];

/** In the design's order: the interaction log sits between functional data and chat. */
export const sectionsBeforeLog = placeholderSections.filter((section) => section.id !== 'chat');
export const sectionsAfterLog = placeholderSections.filter((section) => section.id === 'chat');

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
