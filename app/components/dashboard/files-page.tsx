// The client's Files page: what the agency shared with them (templates, contracts) and what they
// handed in, each downloadable.
import { FileList } from "~/components/files/file-list";
import { Card } from "~/components/ui/card";
import type { SharedFile } from "~/data/shapes";

export function FilesPage({ files }: { files: SharedFile[] }) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Files</h1>
        <p className="text-sm text-muted-foreground">
          Everything shared between you and the agency, newest first.
        </p>
      </div>
      <Card>
        <div className="p-6">
          <FileList files={files} />
        </div>
      </Card>
    </div>
  );
}
