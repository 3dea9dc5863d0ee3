import { type CaptionLanguage, type CaptionTrack, captionLanguages, MAX_CAPTION_BYTES } from '@rehabit/contract';
import { Button } from '@web/components/ui/button/button.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog/confirm-dialog.tsx';
import { Alert } from '@web/components/ui/feedback/alert.tsx';
import { ErrorState } from '@web/components/ui/feedback/error-state.tsx';
import { SkeletonList } from '@web/components/ui/feedback/skeleton.tsx';
import { TextArea } from '@web/components/ui/field/text-area.tsx';
import { errorDetails, errorMessage } from '@web/lib/api-error.ts';
import { notify } from '@web/lib/notify.ts';
import { useId, useState } from 'react';
import { useCaptions, useCaptionText, useRemoveCaption, useSaveCaption } from '../api/captions.ts';

const languageNames: Record<CaptionLanguage, string> = { en: 'English', es: 'Spanish' };
const LIMIT = `${MAX_CAPTION_BYTES / 1000} kB`;

/** The server's refusal as it reads: what is wrong, then each line at fault (or the page's own words). */
function Refusal({ error }: { error: unknown }) {
  return (
    <Alert tone="danger">
      <p>{typeof error === 'string' ? error : errorMessage(error)}</p>
      {errorDetails(error).map((message) => (
        <p key={message}>{message}</p>
      ))}
    </Alert>
  );
}

/** A file's text, as UTF-8 (FileReader: every browser, and the tests' document). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

const describe = (track: CaptionTrack) =>
  [
    `${track.cue_count} ${track.cue_count === 1 ? 'caption' : 'captions'}`,
    track.updated_by ? `saved by ${track.updated_by.display_name}` : null,
    new Date(track.updated_at).toLocaleDateString(),
  ]
    .filter(Boolean)
    .join(' · ');

/** The text box of one track's WebVTT, its timings and words, read from the server and saved as a whole. */
function CaptionEditor({
  videoId,
  language,
  onDone,
}: {
  videoId: number;
  language: CaptionLanguage;
  onDone: () => void;
}) {
  const saved = useCaptionText(videoId, language, true);
  const save = useSaveCaption(videoId);
  const [text, setText] = useState<string | null>(null);
  if (saved.isPending) return <SkeletonList rows={2} label={`Loading the ${languageNames[language]} captions`} />;
  if (saved.isError) return <ErrorState error={saved.error} onRetry={() => void saved.refetch()} />;
  const value = text ?? saved.data.text;
  return (
    <form
      className="captions__editor"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { language, text: value },
          {
            onSuccess: () => {
              notify.success(`${languageNames[language]} captions saved`);
              onDone();
            },
          },
        );
      }}
    >
      <TextArea
        label={`${languageNames[language]} captions (WebVTT)`}
        className="field__input field__input--multiline captions__text"
        rows={12}
        spellCheck={false}
        value={value}
        onChange={(event) => setText(event.target.value)}
        hint="Each caption is a timing line (00:01.000 --> 00:04.000) and its words, after a blank line."
        autoFocus
      />
      {save.isError && <Refusal error={save.error} />}
      <div className="captions__actions">
        <Button type="submit" size="sm" isLoading={save.isPending}>
          Save captions
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** One language's row: its track (or none), and, to those who may edit the video, upload, edit and remove. */
function CaptionRow({
  videoId,
  language,
  track,
  canEdit,
}: {
  videoId: number;
  language: CaptionLanguage;
  track: CaptionTrack | undefined;
  canEdit: boolean;
}) {
  const inputId = useId();
  const save = useSaveCaption(videoId);
  const remove = useRemoveCaption(videoId);
  const [isEditing, setEditing] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const [fileError, setFileError] = useState<unknown>(null);
  const name = languageNames[language];

  const upload = async (file: File) => {
    setFileError(null);
    if (file.size > MAX_CAPTION_BYTES) {
      setFileError(`Caption files can be at most ${LIMIT}; ${file.name} is larger.`);
      return;
    }
    save.mutate(
      { language, text: await readText(file) },
      {
        onSuccess: () => notify.success(`${name} captions saved from ${file.name}`),
        onError: (error) => setFileError(error),
      },
    );
  };

  return (
    <li className="captions__row">
      <div className="captions__head">
        <h3 className="captions__language">{name}</h3>
        <p className="captions__status">{track ? describe(track) : 'No captions yet'}</p>
      </div>
      {canEdit && !isEditing && (
        <div className="captions__actions">
          <input
            id={inputId}
            className="visually-hidden captions__file"
            type="file"
            accept=".vtt,text/vtt"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
              event.target.value = '';
            }}
          />
          <label className="btn btn--secondary btn--sm captions__pick" htmlFor={inputId}>
            {track ? `Replace ${name} .vtt` : `Upload ${name} .vtt`}
          </label>
          {track && (
            <>
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
                Edit {name} text
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
                Remove {name}
              </Button>
            </>
          )}
        </div>
      )}
      {save.isPending && !isEditing && (
        <p className="captions__status" role="status">
          Checking and saving the {name} captions…
        </p>
      )}
      {fileError !== null && !isEditing && <Refusal error={fileError} />}
      {isEditing && <CaptionEditor videoId={videoId} language={language} onDone={() => setEditing(false)} />}
      <ConfirmDialog
        isOpen={isConfirming}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(language, {
            onSuccess: () => {
              setConfirming(false);
              notify.success(`${name} captions removed`);
            },
          })
        }
        title={`Remove the ${name} captions?`}
        confirmLabel="Remove"
        tone="danger"
        isPending={remove.isPending}
        error={remove.error}
      >
        <p>Patients will no longer see {name} captions on this video.</p>
      </ConfirmDialog>
    </li>
  );
}

/**
 * A video's caption tracks, one per language (decision 1405): WebVTT files uploaded or edited here are checked by
 * the server, which says what is wrong with a file it refuses. Those who may not edit the video see the list only.
 */
export function CaptionsSection({ videoId, canEdit }: { videoId: number; canEdit: boolean }) {
  const captions = useCaptions(videoId);
  const headingId = useId();
  return (
    <section className="captions" aria-labelledby={headingId}>
      <h2 id={headingId} className="captions__title">
        Captions
      </h2>
      <p className="upload-layout__hint">
        WebVTT (.vtt) files, one per language, up to {LIMIT}. Patients see the captions in their app’s language.
      </p>
      {captions.isPending && <SkeletonList rows={2} label="Loading the captions" />}
      {captions.isError && <ErrorState error={captions.error} onRetry={() => void captions.refetch()} />}
      {captions.isSuccess && (
        <ul className="captions__list">
          {captionLanguages.map((language) => (
            <CaptionRow
              key={language}
              videoId={videoId}
              language={language}
              track={captions.data.tracks.find((track) => track.language === language)}
              canEdit={canEdit}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
