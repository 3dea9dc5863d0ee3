import { zodResolver } from '@hookform/resolvers/zod';
import { type Folder, folderNameBodySchema } from '@rehabit/contract';
import { ActionMenu } from '@web/components/ui/action-menu/action-menu.tsx';
import { Button } from '@web/components/ui/button/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog/confirm-dialog.tsx';
import { TextField } from '@web/components/ui/field/text-field.tsx';
import { withServerErrors } from '@web/lib/form-errors.ts';
import { notify } from '@web/lib/notify.ts';
import { ChevronDown, FolderOpen, FolderPlus, Pencil, Share2, Trash2, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateFolder } from '../api/create-folder.ts';
import { useDeleteFolders } from '../api/delete-folders.ts';
import { useFolders } from '../api/get-folders.ts';
import { useRenameFolder } from '../api/rename-folder.ts';
import { useShareFolders } from '../api/share-folders.ts';

type Props = { current: number | null; onSelect: (id: number | null) => void };

/** My folders and colleagues' shared folders; choosing one narrows the library to it. */
export function FolderSidebar({ current, onSelect }: Props) {
  const folders = useFolders();
  const create = useCreateFolder();
  const share = useShareFolders();
  const rename = useRenameFolder();
  const remove = useDeleteFolders();
  const form = useForm({ resolver: zodResolver(folderNameBodySchema), defaultValues: { name: '' } });
  const { errors } = form.formState;
  const [renaming, setRenaming] = useState<Folder | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  // On phones the folders fold away behind one button, so the videos start near the top of the screen.
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const all = folders.data?.results ?? [];
  const currentName = all.find((f) => f.id === current)?.name ?? 'All videos';
  const select = (id: number | null) => {
    onSelect(id);
    setOpen(false);
  };
  const mine = all.filter((f) => f.is_mine);
  const shared = all.filter((f) => !f.is_mine);

  const submit = form.handleSubmit(
    withServerErrors(form, ['name'], async ({ name }) => {
      if (renaming) await rename.mutateAsync({ id: renaming.id, name });
      else await create.mutateAsync(name);
      setRenaming(null);
      form.reset({ name: '' });
    }),
  );

  const item = (folder: Folder) => (
    <li key={folder.id} className="folder-list__item">
      <button
        type="button"
        className="folder-list__button"
        aria-current={current === folder.id ? 'true' : undefined}
        onClick={() => select(folder.id)}
      >
        <FolderOpen size={16} aria-hidden="true" />
        <span className="folder-list__name">{folder.name}</span>
        <span className="folder-list__count">{folder.video_count}</span>
        {folder.is_mine && folder.is_shared && (
          <span className="folder-list__tag" title="Shared with the clinic">
            <Share2 size={12} aria-hidden="true" />
            <span className="visually-hidden">Shared</span>
          </span>
        )}
      </button>
      {folder.is_mine && (
        <ActionMenu
          label={`Actions for folder ${folder.name}`}
          items={[
            {
              key: 'share',
              label: folder.is_shared ? 'Stop sharing' : 'Share with clinic',
              icon: folder.is_shared ? Undo2 : Share2,
              onSelect: () =>
                share.mutate(
                  { libraryfolder_ids: [folder.id], is_shared: !folder.is_shared },
                  {
                    onSuccess: () =>
                      notify.success(folder.is_shared ? 'Folder is private again' : 'Folder shared with your clinic'),
                  },
                ),
            },
            {
              key: 'rename',
              label: 'Rename',
              icon: Pencil,
              onSelect: () => {
                setRenaming(folder);
                form.reset({ name: folder.name });
              },
            },
            {
              key: 'delete',
              label: 'Delete folder',
              icon: Trash2,
              tone: 'danger',
              onSelect: () => setDeleting(folder),
            },
          ]}
        />
      )}
    </li>
  );

  return (
    <nav className="folder-sidebar" aria-label="Folders">
      <button
        type="button"
        className="folder-sidebar__toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        <FolderOpen size={16} aria-hidden="true" />
        <span>
          Folders: <strong>{currentName}</strong>
        </span>
        <ChevronDown size={16} aria-hidden="true" className="folder-sidebar__chevron" />
      </button>
      <div id={panelId} className="folder-sidebar__panel" data-open={isOpen || undefined}>
        <button
          type="button"
          className="folder-list__button"
          aria-current={current === null ? 'true' : undefined}
          onClick={() => select(null)}
        >
          All videos
        </button>
        <h2 className="folder-sidebar__heading">My folders</h2>
        {mine.length === 0 && !folders.isPending && <p className="folder-sidebar__empty">No folders yet.</p>}
        <ul className="folder-list">{mine.map(item)}</ul>
        {shared.length > 0 && (
          <>
            <h2 className="folder-sidebar__heading">Shared with the clinic</h2>
            <ul className="folder-list">{shared.map(item)}</ul>
          </>
        )}
        <form className="folder-sidebar__form" onSubmit={submit}>
          <TextField
            label={renaming ? `Rename “${renaming.name}”` : 'New folder'}
            maxLength={80}
            error={errors.name?.message ?? errors.root?.server?.message}
            {...form.register('name')}
          />
          <Button
            type="submit"
            variant="secondary"
            size="sm"
            icon={<FolderPlus size={16} aria-hidden="true" />}
            isLoading={create.isPending || rename.isPending}
          >
            {renaming ? 'Rename' : 'Create folder'}
          </Button>
        </form>
      </div>
      <ConfirmDialog
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete folder?"
        confirmLabel="Delete folder"
        tone="danger"
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate([deleting.id], {
            onSuccess: () => {
              if (current === deleting.id) onSelect(null);
              setDeleting(null);
            },
          })
        }
      >
        <p>“{deleting?.name}” is removed; its videos stay in the library.</p>
      </ConfirmDialog>
    </nav>
  );
}
