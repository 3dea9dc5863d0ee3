import { type RtmStatus, type RtmStatusLabel, rtmStatusLabels } from '@rehabit/contract';

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
};

/**
 * A patient's RTM status this month in the short words of the billing rules (decision 0803); with `hasBars`, the
 * data days and minutes also as bars toward their goals.
 */
export function RtmStatusLabels({ status, hasBars = false, isCallShownApart = false }: RtmStatusLabelsProps) {
  if (!status) return <span className="muted">Not in RTM this month</span>;
  const labels = rtmStatusLabels(status).filter(({ kind }) => !(isCallShownApart && kind === 'call_needed'));
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
