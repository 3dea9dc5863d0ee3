import { FileVideo } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';

type DropZoneProps = { onFile: (file: File) => void; error?: string };

/** Drag a video here or pick one; phones open the camera roll. */
export function DropZone({ onFile, error }: DropZoneProps) {
  const id = useId();
  const [isOver, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <section
      aria-label="Video file drop area"
      className={`drop-zone${isOver ? ' drop-zone--over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <FileVideo size={32} aria-hidden="true" />
      <p>Drag a video here, or</p>
      <label className="drop-zone__pick" htmlFor={id}>
        Choose a video
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept="video/*"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
