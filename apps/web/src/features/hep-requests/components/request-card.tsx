import type { HepRequest } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { StatusPill } from '@web/components/ui/pill/status-pill.tsx';
import { ClinicTime } from '@web/features/clinics';
import { requestStatusLabels, requestStatusTones } from './request-status.ts';

/** One request of the queue: what was asked, by whom and where; its answer, or the button to give one. */
export function RequestCard({ request, onAnswer }: { request: HepRequest; onAnswer: (request: HepRequest) => void }) {
  return (
    <li className="queue-card">
      <div className="hep-request-card__main">
        <p className="hep-request-card__text">{request.request_content}</p>
        <p className="hep-request-card__facts">
          {request.requested_by.display_name} · Clinic {request.clinic_code} ·{' '}
          <ClinicTime value={request.created_at} style="date" />
        </p>
        {request.answer !== null && (
          <div className="hep-request-card__answer">
            <p>
              <span className="hep-request-card__label">Answer: </span>
              {request.answer}
            </p>
            {request.answer_video && (
              <p>
                <span className="hep-request-card__label">Video: </span>
                {request.answer_video.title}
              </p>
            )}
            {request.answered_by && request.answered_at && (
              <p className="hep-request-card__facts">
                By {request.answered_by.display_name} on <ClinicTime value={request.answered_at} style="date" />
              </p>
            )}
          </div>
        )}
      </div>
      <div className="hep-request-card__side">
        <StatusPill tone={requestStatusTones[request.status]}>{requestStatusLabels[request.status]}</StatusPill>
        {request.status === 'open' && (
          <Button size="sm" onClick={() => onAnswer(request)}>
            Answer
          </Button>
        )}
      </div>
    </li>
  );
}
