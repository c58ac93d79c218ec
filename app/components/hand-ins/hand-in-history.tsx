// Every version of a client's work on a task, newest first: its files (each downloads), answers,
// link and note, and its review (decision, reviewer, comment); one in review may carry a form below.
import type { ReactNode } from "react";
import { fileSize } from "~/components/files/file-list";
import { HandedInAnswers } from "~/components/questionnaires/handed-in-answers";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import type { HandIn } from "~/data/shapes";
import { fileDownloadPath } from "~/lib/paths";
import { useStamp } from "~/lib/reader-time";

export const HAND_IN_STATUS: Record<
  HandIn["status"],
  { label: string; variant: BadgeProps["variant"] }
> = {
  "in-review": { label: "In review", variant: "warning" },
  approved: { label: "Approved", variant: "success" },
  "changes-requested": { label: "Changes requested", variant: "danger" },
};

function When({ at }: { at: number }) {
  const stamp = useStamp();
  return <time dateTime={new Date(at).toISOString()}>{stamp(at)}</time>;
}

export function HandInHistory({
  handIns,
  reviewer,
  reviewForm,
}: {
  handIns: HandIn[];
  /** Who reads it: the client sees the agency's reviews as "Agency". */
  reviewer: "client" | "staff";
  /** The form under a version still in review (staff). */
  reviewForm?: (handIn: HandIn) => ReactNode;
}) {
  if (handIns.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing handed in yet.</p>;
  }
  return (
    <ol className="grid gap-4" aria-label="Versions handed in">
      {handIns.map((handIn) => {
        const status = HAND_IN_STATUS[handIn.status];
        return (
          <li key={handIn.id} className="grid gap-3 rounded-lg border p-4 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 className="font-semibold text-slate-900">Version {handIn.version}</h3>
              <Badge variant={status.variant}>{status.label}</Badge>
              <span className="text-muted-foreground">
                Handed in <When at={handIn.at} />
                {reviewer === "staff" ? ` by ${handIn.submittedBy}` : ""}
              </span>
            </div>
            {handIn.files.length > 0 ? (
              <ul className="grid gap-1" aria-label={`Files of version ${handIn.version}`}>
                {handIn.files.map((file) => (
                  <li key={file.id}>
                    <a
                      href={fileDownloadPath(file.id)}
                      download={file.name}
                      className="inline-flex items-center gap-2 break-all font-medium text-indigo-700 hover:underline"
                    >
                      <Icon name="download" className="size-4 shrink-0" />
                      {file.name}
                    </a>{" "}
                    <span className="text-muted-foreground">({fileSize(file.bytes)})</span>
                  </li>
                ))}
              </ul>
            ) : null}
            {handIn.form ? <HandedInAnswers form={handIn.form} version={handIn.version} /> : null}
            {handIn.link ? (
              <p>
                Link:{" "}
                <a
                  href={handIn.link}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="break-all text-indigo-700 underline"
                >
                  {handIn.link}
                </a>
              </p>
            ) : null}
            {handIn.note ? (
              <p className="whitespace-pre-line text-slate-700">{handIn.note}</p>
            ) : null}
            {handIn.reviewedAt !== null ? (
              <div className="grid gap-1 rounded-md bg-muted/60 p-3">
                <p className="font-medium text-slate-900">
                  {status.label} by {handIn.reviewer}, <When at={handIn.reviewedAt} />
                </p>
                {handIn.reviewComment ? (
                  <p className="whitespace-pre-line text-slate-700">{handIn.reviewComment}</p>
                ) : null}
              </div>
            ) : null}
            {handIn.status === "in-review" && reviewForm ? reviewForm(handIn) : null}
          </li>
        );
      })}
    </ol>
  );
}
