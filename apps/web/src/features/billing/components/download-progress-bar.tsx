import type { DownloadProgress } from '@web/lib/api-client.ts';

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KB`;

/** How far the download is: a determinate bar when the server gave the size, an indeterminate one otherwise. */
export function DownloadProgressBar({ progress }: { progress: DownloadProgress }) {
  const { loaded, total } = progress;
  // A compressed answer can report fewer bytes than arrive once unpacked: never past the end.
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  return (
    <div className="download-progress">
      {percent === null ? (
        <progress className="download-progress__bar" aria-label="Downloading the billing file" />
      ) : (
        <progress
          className="download-progress__bar"
          max={100}
          value={percent}
          aria-label="Downloading the billing file"
          aria-valuetext={`${percent} %`}
        />
      )}
      <span className="download-progress__text tabular">
        {percent === null ? `Downloading… ${kilobytes(loaded)}` : `Downloading… ${percent} %`}
      </span>
    </div>
  );
}
