import { can, type Video as VideoItem } from '@rehabit/contract';
import { PageHeader } from '@web/components/layouts/page-header.tsx';
import { Button } from '@web/components/ui/button/button.tsx';
import { ButtonLink } from '@web/components/ui/button/button-link.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog/confirm-dialog.tsx';
import { EmptyState } from '@web/components/ui/feedback/empty-state.tsx';
import { QueryStates } from '@web/components/ui/feedback/query-states.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { Pagination } from '@web/components/ui/pagination/pagination.tsx';
import { paths } from '@web/config/paths.ts';
import { useCurrentUser } from '@web/features/session';
import { RequestVideoDialog } from '@web/features/videos/components/request-video-dialog.tsx';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { useDebouncedValue } from '@web/lib/use-debounced-value.ts';
import {
  FolderPlus,
  Inbox,
  LayoutTemplate,
  ListChecks,
  MessageSquarePlus,
  SearchX,
  Trash2,
  Upload,
  Video,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDeleteVideos } from '../api/delete-videos.ts';
import { useVideos } from '../api/get-videos.ts';
import { AddToFoldersDialog } from './add-to-folders-dialog.tsx';
import { FolderSidebar } from './folder-sidebar.tsx';
import { emptyFilters, type LibraryFilters, LibraryFiltersBar } from './library-filters.tsx';
import { MyRequestsDialog } from './my-requests-dialog.tsx';
import { VideoGrid, VideoTable } from './video-items.tsx';
import { VideoPreview } from './video-preview.tsx';
import './videos.css';

const SEARCH_DEBOUNCE_MS = 300;

type ExerciseLibraryProps = {
  /** An admin's chosen clinic: only the videos it may use. Null: every clinic's (or the caller's own clinic). */
  clinicCode?: string | null;
  /** Where an admin chooses the clinic, under the header. */
  clinicPicker?: ReactNode;
};

/** The exercise library: filter, browse by folder, preview, and file or delete several videos at once. */
export function ExerciseLibrary({ clinicCode = null, clinicPicker }: ExerciseLibraryProps) {
  const [filters, setFilters] = useState<LibraryFilters>(emptyFilters);
  const [folder, setFolder] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [selected, setSelected] = useState<Map<number, VideoItem>>(new Map());
  const [preview, setPreview] = useState<VideoItem | null>(null);
  // A task about an answered request links here with ?requests=mine, opening one's requests at once.
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<'folders' | 'delete' | 'request' | 'requests' | null>(
    searchParams.get('requests') === 'mine' ? 'requests' : null,
  );
  const role = useCurrentUser().data?.role;
  const managesLibrary = role !== undefined && can(role, 'library.manage');
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const equipment = useDebouncedValue(filters.equipment.trim(), SEARCH_DEBOUNCE_MS);
  const remove = useDeleteVideos();

  const query = {
    page,
    search: search || undefined,
    equipment: equipment || undefined,
    body_part: (filters.body_part || undefined) as never,
    purpose: (filters.purpose || undefined) as never,
    position: (filters.position || undefined) as never,
    scope: filters.scope || undefined,
    folder: folder ?? undefined,
    clinic_code: clinicCode ?? undefined,
  };
  const list = useVideos(query);
  const videos = list.data?.results ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts on page 1 with nothing chosen
  useEffect(() => {
    setPage(1);
    setSelected(new Map());
  }, [search, equipment, filters.body_part, filters.purpose, filters.position, filters.scope, folder]);

  const toggle = (video: VideoItem) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(video.id)) next.delete(video.id);
      else next.set(video.id, video);
      return next;
    });
  const clear = () => setSelected(new Map());
  const chosen = [...selected.values()];
  const deletable = chosen.every((v) => v.can_edit);
  const items = { videos, selected: new Set(selected.keys()), onToggle: toggle, onPreview: setPreview };

  return (
    <>
      <PageHeader
        title="Exercise library"
        description={
          list.data
            ? `${list.data.count} ${list.data.count === 1 ? 'video' : 'videos'}`
            : 'Exercise videos and your folders.'
        }
        actions={
          <>
            {managesLibrary && (
              <ButtonLink
                variant="secondary"
                to={paths.adminVideoRequests.getHref()}
                icon={<Inbox size={18} aria-hidden="true" />}
              >
                Video requests
              </ButtonLink>
            )}
            <ButtonLink
              variant="secondary"
              to={paths.programTemplates.getHref()}
              icon={<LayoutTemplate size={18} aria-hidden="true" />}
            >
              Program templates
            </ButtonLink>
            <Button
              variant="secondary"
              icon={<ListChecks size={18} aria-hidden="true" />}
              onClick={() => setDialog('requests')}
            >
              My requests
            </Button>
            <Button
              variant="secondary"
              icon={<MessageSquarePlus size={18} aria-hidden="true" />}
              onClick={() => setDialog('request')}
            >
              Request a video
            </Button>
            <ButtonLink to={paths.exerciseUpload.getHref()} icon={<Upload size={18} aria-hidden="true" />}>
              Upload video
            </ButtonLink>
          </>
        }
      />
      {clinicPicker}
      <div className="library-layout">
        <FolderSidebar current={folder} onSelect={setFolder} />
        <div className="library-layout__main">
          <LibraryFiltersBar
            filters={filters}
            onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
            view={view}
            onViewChange={setView}
          />
          {selected.size > 0 && (
            <section className="bulk-bar" aria-label="Selected videos">
              <span>{selected.size} selected</span>
              <Button
                size="sm"
                variant="secondary"
                icon={<FolderPlus size={16} aria-hidden="true" />}
                onClick={() => setDialog('folders')}
              >
                Add to folders
              </Button>
              {deletable && (
                <Button
                  size="sm"
                  variant="danger"
                  icon={<Trash2 size={16} aria-hidden="true" />}
                  onClick={() => setDialog('delete')}
                >
                  Delete
                </Button>
              )}
              <Button size="sm" variant="ghost" icon={<X size={16} aria-hidden="true" />} onClick={clear}>
                Clear
              </Button>
            </section>
          )}
          <section aria-label="Video results" aria-busy={list.isFetching}>
            <QueryStates
              query={list}
              loading={{ rows: 6, label: 'Loading videos' }}
              failedTitle="The videos could not be loaded"
              isEmpty={videos.length === 0}
              empty={
                <EmptyState
                  icon={folder || search ? SearchX : Video}
                  title={folder ? 'This folder is empty' : 'No videos match'}
                  description={
                    folder
                      ? 'Select videos and choose Add to folders.'
                      : 'Change the filters, upload a video, or request one.'
                  }
                />
              }
            >
              {view === 'grid' ? <VideoGrid {...items} /> : <VideoTable {...items} />}
            </QueryStates>
            {/* Outside the list's states: the pages keep their place while a page loads again or fails. */}
            <Pagination currentPage={page} totalItems={list.data?.count ?? 0} onPageChange={setPage} />
          </section>
        </div>
      </div>
      <Modal isOpen={preview !== null} onClose={() => setPreview(null)} title={preview?.title ?? ''} size="lg">
        {preview && <VideoPreview video={preview} autoPlay />}
        {preview && <p className="upload-layout__hint">{preview.description}</p>}
      </Modal>
      <AddToFoldersDialog
        videoIds={[...selected.keys()]}
        isOpen={dialog === 'folders'}
        onClose={() => setDialog(null)}
        onDone={() => {
          setDialog(null);
          clear();
        }}
      />
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={`Delete ${selected.size === 1 ? 'this video' : `${selected.size} videos`}?`}
        confirmLabel="Delete"
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate([...selected.keys()], {
            onSuccess: () => {
              notify.success('Deleted');
              setDialog(null);
              clear();
            },
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      >
        <p>The files are removed and the videos leave every folder. This cannot be undone.</p>
      </ConfirmDialog>
      <RequestVideoDialog isOpen={dialog === 'request'} onClose={() => setDialog(null)} />
      <MyRequestsDialog isOpen={dialog === 'requests'} onClose={() => setDialog(null)} />
    </>
  );
}
