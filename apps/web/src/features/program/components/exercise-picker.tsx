import { HEP_MAX_ITEMS, type HepAddItem, type VideoScope } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { Dropdown } from '@web/components/ui/dropdown/dropdown.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import { Dumbbell, FolderOpen } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useAddExercises } from '../api/add-exercises.ts';
import { usePickerFolders, usePickerVideos } from '../api/get-library.ts';

const scopeOptions: { value: VideoScope | 'all'; label: string }[] = [
  { value: 'all', label: 'All libraries' },
  { value: 'mine', label: 'My videos' },
  { value: 'clinic', label: 'Clinic library' },
  { value: 'global', label: 'Rehabit library' },
];

const toggled = (set: ReadonlySet<number>, id: number, isOn: boolean) => {
  const next = new Set(set);
  if (isOn) next.add(id);
  else next.delete(id);
  return next;
};

type Props = { patientId: number; clinicCode: string; isOpen: boolean; onClose: () => void };

/** Chooses exercise videos, or whole folders, from the library and adds them to the end of the program. */
export function ExercisePicker({ patientId, clinicCode, isOpen, onClose }: Props) {
  const add = useAddExercises(patientId);
  const [search, setSearch] = useState('');
  const [scope, setScope] = useState<VideoScope | 'all'>('all');
  const [folder, setFolder] = useState<number | 'all'>('all');
  const [videoIds, setVideoIds] = useState<ReadonlySet<number>>(new Set());
  const [folderIds, setFolderIds] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string>();
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const videos = usePickerVideos(clinicCode, {
    search: debouncedSearch,
    scope: scope === 'all' ? null : scope,
    folder: folder === 'all' ? null : folder,
  });
  const folders = usePickerFolders(clinicCode);
  const folderList = folders.data?.results ?? [];
  // A video that could not be processed cannot be prescribed; the server refuses it too.
  const videoList = videos.data?.results.filter((video) => video.status !== 'failed') ?? [];
  const chosen = videoIds.size + folderIds.size;

  const close = () => {
    setVideoIds(new Set());
    setFolderIds(new Set());
    setError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen === 0) return setError('Choose at least one video or folder');
    const body: HepAddItem[] = [
      ...[...videoIds].map((video_id) => ({ video_id })),
      ...folderList.filter((f) => folderIds.has(f.id)).map((f) => ({ folder_id: f.id, folder_name: f.name })),
    ];
    add.mutate(body, {
      onSuccess: () => {
        notify.success('Exercises added to the program');
        close();
      },
      onError: (e) => setError(errorMessage(e)),
    });
  };

  return (
    <Modal isOpen={isOpen} onClose={close} title="Add exercises" size="lg">
      <form className="exercise-picker" aria-label="Add exercises" onSubmit={submit} noValidate>
        <div className="exercise-picker__filters">
          <TextField label="Search videos" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          <Dropdown label="Library" options={scopeOptions} value={scope} onChange={setScope} />
          <Dropdown
            label="Folder"
            options={[
              { value: 'all' as const, label: 'All videos' },
              ...folderList.map((f) => ({ value: f.id, label: f.name })),
            ]}
            value={folder}
            onChange={setFolder}
          />
        </div>
        <fieldset className="exercise-picker__group">
          <legend className="exercise-picker__legend">Videos</legend>
          {videos.isPending ? (
            <SkeletonList rows={4} label="Loading videos" />
          ) : videos.isError ? (
            <ErrorState title="Videos could not be loaded" error={videos.error} onRetry={() => videos.refetch()} />
          ) : videoList.length === 0 ? (
            <p className="exercise-picker__empty">No videos match. Change the search, or request a video.</p>
          ) : (
            <ul className="exercise-picker__list" aria-label="Videos">
              {videoList.map((video) => (
                <li key={video.id} className="exercise-picker__option">
                  {video.poster_url ? (
                    <img className="exercise-picker__poster" src={video.poster_url} alt="" loading="lazy" />
                  ) : (
                    <span className="exercise-picker__poster exercise-picker__poster--none" aria-hidden="true">
                      <Dumbbell size={18} />
                    </span>
                  )}
                  <Checkbox
                    label={video.title}
                    checked={videoIds.has(video.id)}
                    onChange={(e) => setVideoIds((set) => toggled(set, video.id, e.target.checked))}
                  />
                  <span className="exercise-picker__meta">
                    {video.status === 'ready' ? video.body_part : `${video.body_part}, processing`}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {videos.data && videos.data.count > videos.data.results.length && (
            <p className="exercise-picker__more">
              Showing {videos.data.results.length} of {videos.data.count}; search to narrow the list.
            </p>
          )}
        </fieldset>
        {folderList.length > 0 && (
          <fieldset className="exercise-picker__group">
            <legend className="exercise-picker__legend">Whole folders</legend>
            <ul className="exercise-picker__list" aria-label="Folders">
              {folderList.map((f) => (
                <li key={f.id} className="exercise-picker__option">
                  <span className="exercise-picker__poster exercise-picker__poster--none" aria-hidden="true">
                    <FolderOpen size={18} />
                  </span>
                  <Checkbox
                    label={`Folder ${f.name}`}
                    checked={folderIds.has(f.id)}
                    onChange={(e) => setFolderIds((set) => toggled(set, f.id, e.target.checked))}
                  />
                  <span className="exercise-picker__meta">
                    {f.video_count} {f.video_count === 1 ? 'video' : 'videos'}
                  </span>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
        <div className="exercise-picker__footer">
          <span aria-live="polite">{chosen === 0 ? 'Nothing chosen yet' : `${chosen} chosen`}</span>
          <Button type="submit" isLoading={add.isPending}>
            Add to program
          </Button>
        </div>
        <p className="visually-hidden">A program holds at most {HEP_MAX_ITEMS} exercises.</p>
      </form>
    </Modal>
  );
}
