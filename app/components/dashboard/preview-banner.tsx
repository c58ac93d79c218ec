// The banner over a client's pages while staff preview them as one of the client's people: whose
// pages these are, that nothing here can be changed, and 'End Preview' (back to the People tab).
import { Form } from "~/components/ui/router";
import { Button } from "~/components/ui/button";
import { END_PREVIEW_INTENT, staffClientPeoplePath } from "~/lib/paths";

export interface PreviewOf {
  /** The person the pages are shown as, by the name they go by. */
  name: string;
  accountId: string;
}

export function PreviewBanner({ preview }: { preview: PreviewOf }) {
  return (
    <div
      role="region"
      aria-label="Preview"
      className="flex flex-wrap items-center gap-3 border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm"
    >
      <p>
        <strong>Preview:</strong> {preview.name}&apos;s pages, as they see them. Nothing here can be
        changed.
      </p>
      <Form method="post" action={staffClientPeoplePath(preview.accountId)} className="sm:ml-auto">
        <input type="hidden" name="intent" value={END_PREVIEW_INTENT} />
        <Button type="submit" size="sm" variant="outline">
          End Preview
        </Button>
      </Form>
    </div>
  );
}
