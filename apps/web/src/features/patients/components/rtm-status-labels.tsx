import {
  type RtmCodeLine,
  type RtmStatus,
  type RtmStatusLabel,
  rtmCodeLines,
  rtmStatusLabels,
} from '@rehabit/contract';

/** How far the data days and the minutes are toward their goals, for the bars under their words. */
function barOf(status: RtmStatus, kind: RtmStatusLabel['kind']) {
  if (kind === 'minutes') return { value: status.minutes, max: status.minutes_goal, name: 'Minutes' };
  if (kind === 'data_days' && status.window) {
    const { data_days, data_days_goal } = status.window;
    return { value: Math.min(data_days, data_days_goal), max: data_days_goal, name: 'Data days' };
  }
  return null;
}

type RtmStatusLabelsProps = {
  status: RtmStatus | null;
  hasBars?: boolean;
  /** The call status beside it says whether a call is needed (decision 0901), so this one does not repeat it. */
  isCallShownApart?: boolean;
  /**
   * A line a code — what bills when, what is missing (decision 1241) — in place of the short "ready to bill" and
   * "call needed" words, which the lines say more exactly.
   */
  hasCodeLines?: boolean;
};

const stateWords: Record<RtmCodeLine['kind'], string> = { ready: 'This month', later: 'Later', missing: 'Not yet' };
/** What the code lines say, so the short labels do not repeat it. */
const saidByLines = new Set<RtmStatusLabel['kind']>(['ready', 'bills_later', 'call_needed']);

/**
 * A patient's RTM status this month in the short words of the billing rules (decision 0803); with `hasBars`, the
 * data days and minutes also as bars toward their goals.
 */
export function RtmStatusLabels({
  status,
  hasBars = false,
  isCallShownApart = false,
  hasCodeLines = false,
}: RtmStatusLabelsProps) {
  if (!status) return <span className="muted">Not in RTM this month</span>;
  const labels = rtmStatusLabels(status).filter(
    ({ kind }) => !(isCallShownApart && kind === 'call_needed') && !(hasCodeLines && saidByLines.has(kind)),
  );
  const codeLines = hasCodeLines ? rtmCodeLines(status) : [];
  return (
    <>
      <StatusLabels status={status} labels={labels} hasBars={hasBars} />
      {codeLines.length > 0 && (
        <ul className="rtm-codes" aria-label="Codes: when they bill, what is missing">
          {codeLines.map((line) => (
            <li key={line.text} className={`rtm-code rtm-code--${line.kind}`}>
              <span className="rtm-code__state">{stateWords[line.kind]}</span>
              <span>{line.text}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function StatusLabels({ status, labels, hasBars }: { status: RtmStatus; labels: RtmStatusLabel[]; hasBars: boolean }) {
  return (
    <ul className="rtm-labels">
      {labels.map(({ kind, text }) => {
        const bar = hasBars && barOf(status, kind);
        return (
          // What needs a look gets an icon and a tint from the styles (patients.css); the words say it all.
          <li key={text} className={`rtm-label rtm-label--${kind}`}>
            {text}
            {bar && <progress className="rtm-bar" aria-label={bar.name} value={bar.value} max={bar.max} />}
          </li>
        );
      })}
    </ul>
  );
}
