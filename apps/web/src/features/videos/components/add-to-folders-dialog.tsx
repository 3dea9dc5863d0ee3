import { Button } from '@web/components/ui/button/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { Modal } from '@web/components/ui/modal/modal.tsx';
import { errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { useState } from 'react';
import { useAddToFolders } from '../api/add-to-folders.ts';
import { useFolders } from '../api/get-folders.ts';

type Props = { videoIds: number[]; isOpen: boolean; onClose: () => void; onDone: () => void };

/** Files the chosen videos into one or more of my folders. */
export function AddToFoldersDialog({ videoIds, isOpen, onClose, onDone }: Props) {
  const folders = useFolders();
  const add = useAddToFolders();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const mine = (folders.data?.results ?? []).filter((f) => f.is_mine);
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const submit = () =>
    add.mutate(
      { video_ids: videoIds, libraryfolder_ids: [...chosen] },
      {
        onSuccess: () => {
          notify.success(videoIds.length === 1 ? 'Video added to the folder' : `${videoIds.length} videos added`);
          setChosen(new Set());
          onDone();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Add to folders"
      description={`${videoIds.length} ${videoIds.length === 1 ? 'video' : 'videos'} selected`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={chosen.size === 0} isLoading={add.isPending}>
            Add
          </Button>
        </>
      }
    >
      {mine.length === 0 ? (
        <p>Create a folder in the sidebar first.</p>
      ) : (
        <div className="folder-choices">
          {mine.map((folder) => (
            <Checkbox
              key={folder.id}
              label={folder.name}
              checked={chosen.has(folder.id)}
              onChange={() => toggle(folder.id)}
            />
          ))}
        </div>
      )}
    </Modal>
  );
}
