import type { HepItem } from '@rehabit/contract';
import { notify } from '@web/lib/notify.ts';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { useSetOrder } from '../api/set-order.ts';
import { reorderedIds } from '../lib/reorder.ts';
import { type ItemDrag, ProgramItem } from './program-item.tsx';

type Props = {
  items: HepItem[];
  patientId: number;
  selected: ReadonlySet<number>;
  onSelect: (id: number, selected: boolean) => void;
  onDelete: (ids: number[]) => void;
};

type Focus = { id: number; control: 'handle' | 'up' | 'down' };

/** The program in order: drag an exercise by mouse or touch-pen, or move it with the keyboard. */
export function ProgramList({ items, patientId, selected, onSelect, onDelete }: Props) {
  const setOrder = useSetOrder(patientId);
  const [editing, setEditing] = useState<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<Focus | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const ids = items.map((item) => item.id);

  // After a keyboard move the control the person used keeps the focus, at the item's new place.
  useEffect(() => {
    const focus = focusAfterMove.current;
    if (!focus) return;
    focusAfterMove.current = null;
    const row = listRef.current?.querySelector(`[data-hep-id="${focus.id}"]`);
    const control = row?.querySelector<HTMLButtonElement>(`[data-move="${focus.control}"]:not(:disabled)`);
    (control ?? row?.querySelector<HTMLElement>('[data-handle]'))?.focus();
  });

  const move = (id: number, to: number, control?: Focus['control']) => {
    const next = reorderedIds(ids, id, to);
    if (!next) return;
    const title = items.find((item) => item.id === id)?.video.title ?? 'The exercise';
    if (control) focusAfterMove.current = { id, control };
    setAnnouncement(`${title} moved to position ${next.indexOf(id) + 1} of ${next.length}`);
    setOrder.mutate(next, {
      onError: () => {
        notify.error('The new order could not be saved; the program is back as it was');
        setAnnouncement('The new order could not be saved');
      },
    });
  };

  const dragFor = (item: HepItem, index: number): ItemDrag => ({
    isDragging: dragging === item.id,
    isDropTarget: dropTarget === item.id && dragging !== item.id,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', String(item.id));
      setDragging(item.id);
    },
    onDragOver: (event: DragEvent) => {
      if (dragging === null) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      if (dropTarget !== item.id) setDropTarget(item.id);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      const id = dragging ?? Number(event.dataTransfer.getData('text/plain'));
      setDragging(null);
      setDropTarget(null);
      if (Number.isInteger(id)) move(id, index);
    },
    onDragEnd: () => {
      setDragging(null);
      setDropTarget(null);
    },
  });

  return (
    <>
      <p id="program-reorder-hint" className="program-list__hint">
        Drag an exercise to reorder it, or focus its handle and press Alt + ↑ or Alt + ↓.
      </p>
      <ol ref={listRef} className="program-list" aria-label="Exercises in order">
        {items.map((item, index) => (
          <ProgramItem
            key={item.id}
            item={item}
            position={index}
            total={items.length}
            patientId={patientId}
            isSelected={selected.has(item.id)}
            isEditing={editing === item.id}
            drag={dragFor(item, index)}
            onSelect={(isOn) => onSelect(item.id, isOn)}
            onMove={(to, control) => move(item.id, to, control)}
            onEdit={(isOn) => setEditing(isOn ? item.id : null)}
            onDelete={() => onDelete([item.id])}
          />
        ))}
      </ol>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </>
  );
}
