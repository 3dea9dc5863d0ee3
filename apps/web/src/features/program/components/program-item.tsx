import type { HepItem } from '@rehabit/contract';
import { Checkbox } from '@web/components/ui/checkbox/checkbox.tsx';
import { ArrowDown, ArrowUp, Dumbbell, GripVertical, Pencil, Trash2 } from 'lucide-react';
import type { DragEvent, KeyboardEvent } from 'react';
import { dosageText } from '../lib/dosage.ts';
import { DosageForm } from './dosage-form.tsx';
import '@web/components/ui/button/icon-button.css';

export type ItemDrag = {
  isDragging: boolean;
  isDropTarget: boolean;
  onDragStart: (event: DragEvent) => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
  onDragEnd: () => void;
};

type Props = {
  item: HepItem;
  position: number;
  total: number;
  patientId: number;
  isSelected: boolean;
  isEditing: boolean;
  drag: ItemDrag;
  onSelect: (selected: boolean) => void;
  onMove: (to: number, from: 'handle' | 'up' | 'down') => void;
  onEdit: (editing: boolean) => void;
  onDelete: () => void;
};

/** One exercise of the program: what the patient sees, how much, and the therapist's controls. */
export function ProgramItem({ item, position, total, patientId, isSelected, isEditing, drag, ...on }: Props) {
  const title = item.video.title;
  const onHandleKey = (event: KeyboardEvent) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    on.onMove(position + (event.key === 'ArrowUp' ? -1 : 1), 'handle');
  };
  const classes = [
    'program-item',
    drag.isDragging && 'program-item--dragging',
    drag.isDropTarget && 'program-item--drop-target',
  ].filter(Boolean);

  return (
    <li
      className={classes.join(' ')}
      data-hep-id={item.id}
      draggable={!isEditing}
      onDragStart={drag.onDragStart}
      onDragOver={drag.onDragOver}
      onDrop={drag.onDrop}
      onDragEnd={drag.onDragEnd}
    >
      <div className="program-item__row">
        <Checkbox
          label={`Select ${title}`}
          isLabelHidden
          checked={isSelected}
          onChange={(e) => on.onSelect(e.target.checked)}
        />
        <button
          type="button"
          className="program-item__handle"
          data-handle={item.id}
          aria-label={`Reorder ${title}, position ${position + 1} of ${total}`}
          aria-describedby="program-reorder-hint"
          onKeyDown={onHandleKey}
        >
          <GripVertical size={18} aria-hidden="true" />
        </button>
        {item.video.poster_url ? (
          <img className="program-item__poster" src={item.video.poster_url} alt="" loading="lazy" draggable={false} />
        ) : (
          <span className="program-item__poster program-item__poster--none" aria-hidden="true">
            <Dumbbell size={22} />
          </span>
        )}
        <div className="program-item__body">
          <h3 className="program-item__title">
            <span className="program-item__position">{position + 1}.</span> {title}
          </h3>
          <p className="program-item__dosage">{dosageText(item)}</p>
          {item.description && <p className="program-item__description">{item.description}</p>}
          {item.folder_name && <p className="program-item__folder">From folder {item.folder_name}</p>}
        </div>
        <div className="program-item__actions">
          <button
            type="button"
            className="icon-button"
            data-move="up"
            aria-label={`Move ${title} up`}
            disabled={position === 0}
            onClick={() => on.onMove(position - 1, 'up')}
          >
            <ArrowUp size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            data-move="down"
            aria-label={`Move ${title} down`}
            disabled={position === total - 1}
            onClick={() => on.onMove(position + 1, 'down')}
          >
            <ArrowDown size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={`Edit ${title}`}
            aria-expanded={isEditing}
            onClick={() => on.onEdit(!isEditing)}
          >
            <Pencil size={18} aria-hidden="true" />
          </button>
          <button
            type="button"
            className="icon-button icon-button--danger"
            aria-label={`Delete ${title}`}
            onClick={on.onDelete}
          >
            <Trash2 size={18} aria-hidden="true" />
          </button>
        </div>
      </div>
      {isEditing && <DosageForm item={item} patientId={patientId} onDone={() => on.onEdit(false)} />}
    </li>
  );
}
