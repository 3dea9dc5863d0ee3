import type { Video } from '@rehabit/contract';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { ActionsHeader } from '@web/components/ui/table/actions-header.tsx';
import { paths } from '@web/config/paths.ts';
import { resolveUrl } from '@web/lib/api-client.ts';
import { Film, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { formatDuration } from './video-preview.tsx';

type ItemsProps = {
  videos: Video[];
  selected: Set<number>;
  onToggle: (video: Video) => void;
  onPreview: (video: Video) => void;
};

const statusLabel: Record<Video['status'], string> = {
  uploading: 'Uploading',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

const meta = (video: Video) =>
  [video.body_part, video.position, video.duration_seconds !== null ? formatDuration(video.duration_seconds) : null]
    .filter(Boolean)
    .join(' · ');

/** Cards with the poster; the title opens the preview player. */
export function VideoGrid({ videos, selected, onToggle, onPreview }: ItemsProps) {
  return (
    <ul className="video-grid" aria-label="Videos">
      {videos.map((video) => (
        <li key={video.id} className="video-card">
          <button
            type="button"
            className="video-card__poster"
            onClick={() => onPreview(video)}
            aria-label={`Preview ${video.title}`}
          >
            {video.poster_url ? (
              <img src={resolveUrl(video.poster_url)} alt="" loading="lazy" />
            ) : (
              <span className="video-card__placeholder">
                <Film size={24} aria-hidden="true" />
                {video.body_part && <span className="video-card__body-part">{video.body_part}</span>}
                <span>{video.status === 'ready' ? 'No poster' : statusLabel[video.status]}</span>
              </span>
            )}
          </button>
          <Checkbox
            className="video-card__select"
            label={`Select ${video.title}`}
            isLabelHidden
            checked={selected.has(video.id)}
            onChange={() => onToggle(video)}
          />
          <div className="video-card__body">
            <div className="video-card__text">
              <Link className="video-card__title" to={paths.exerciseEdit.getHref(video.id)}>
                {video.title}
              </Link>
              <span className="video-card__meta">{meta(video)}</span>
              {video.library === 'global' && <span className="video-card__tag">Global library</span>}
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The same videos as a compact table; phones keep the title, the status and the actions. */
export function VideoTable({ videos, selected, onToggle, onPreview }: ItemsProps) {
  return (
    <table className="video-table" aria-label="Videos">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Select</span>
          </th>
          <th scope="col">Title</th>
          <th scope="col" className="video-table__extra">
            Body part
          </th>
          <th scope="col" className="video-table__extra video-table__wide">
            Purpose
          </th>
          <th scope="col" className="video-table__extra video-table__wide">
            Position
          </th>
          <th scope="col" className="video-table__extra">
            Library
          </th>
          <th scope="col">Status</th>
          <ActionsHeader />
        </tr>
      </thead>
      <tbody>
        {videos.map((video) => (
          <tr key={video.id}>
            <td>
              <Checkbox
                label={`Select ${video.title}`}
                isLabelHidden
                checked={selected.has(video.id)}
                onChange={() => onToggle(video)}
              />
            </td>
            <td>
              <button type="button" className="link-button" onClick={() => onPreview(video)}>
                {video.title}
              </button>
            </td>
            <td className="video-table__extra">{video.body_part}</td>
            <td className="video-table__extra video-table__wide">{video.purpose}</td>
            <td className="video-table__extra video-table__wide">{video.position}</td>
            <td className="video-table__extra">
              {video.library === 'global' ? 'Global' : (video.owner?.display_name ?? 'Clinic')}
            </td>
            <td>{statusLabel[video.status]}</td>
            <td>
              <Link to={paths.exerciseEdit.getHref(video.id)} aria-label={`Edit ${video.title}`}>
                <Pencil size={16} aria-hidden="true" />
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
