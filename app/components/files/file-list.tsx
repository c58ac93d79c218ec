// The files shared between a client and the agency, newest first: each name downloads the file (an
// image or PDF may also open in place); its kind, size, who shared it, when, and its note.
import { Icon } from "~/components/ui/icon";
import type { SharedFile } from "~/data/shapes";
import { fileTypeLabel, opensInline } from "~/files/file-types";
import { fileDownloadPath } from "~/lib/paths";
import { useStamp } from "~/lib/reader-time";

/** "812 B", "14.2 KB", "3.5 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function FileList({ files }: { files: SharedFile[] }) {
  const stamp = useStamp();
  if (files.length === 0) {
    return <p className="text-sm text-muted-foreground">No files shared yet.</p>;
  }
  return (
    <ul className="grid gap-3">
      {files.map((file) => (
        <li key={file.id} className="grid gap-0.5 rounded-md border p-3 text-sm">
          <a
            href={fileDownloadPath(file.id)}
            download={file.name}
            className="flex items-center gap-2 break-all font-medium text-indigo-700 hover:underline"
          >
            <Icon name="download" className="size-4 shrink-0" />
            {file.name}
          </a>
          <span className="text-muted-foreground">
            {fileTypeLabel(file.contentType)} · {fileSize(file.bytes)} · {file.sharedBy} ·{" "}
            <time dateTime={new Date(file.at).toISOString()}>{stamp(file.at)}</time>
          </span>
          {opensInline(file.contentType) ? (
            <a
              href={`${fileDownloadPath(file.id)}?inline=1`}
              target="_blank"
              rel="noopener noreferrer"
              className="justify-self-start text-indigo-700 hover:underline"
            >
              Open<span className="sr-only"> {file.name}</span> (opens in a new tab)
            </a>
          ) : null}
          {file.note ? <p className="whitespace-pre-line text-slate-700">{file.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}
