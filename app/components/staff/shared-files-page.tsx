// A client's files in the console: the form that shares one with the client (a plain multipart
// post without JavaScript; with it, a file over the limit is refused before it is sent), and
// everything shared either way.
import { useActionData } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import type { ChangeEvent } from "react";
import { FileList } from "~/components/files/file-list";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { fileTooLarge } from "~/content/toasts";
import type { SharedFile } from "~/data/shapes";
import type { FormAnswer } from "~/forms/answer";
import { FILE_NOTE_MAX } from "~/forms/schemas";
import { useResetKey } from "~/hooks/use-reset-key";
import { useSubmitting } from "~/hooks/use-submitting";
import { staffClientFilesPath } from "~/lib/paths";
import { ClientHeader } from "./client-header";

export interface SharedFilesData {
  client: { userId: string; email: string; lastSignInAt: number | null };
  current: string;
  files: SharedFile[];
  maxFileBytes: number;
}

function ShareFileForm({ action, maxFileBytes }: { action: string; maxFileBytes: number }) {
  const result = useActionData<FormAnswer<"note" | "file">>();
  const pending = useSubmitting(action);
  const alert = useFormAlert();
  const refuseOversized = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const oversized = [...(input.files ?? [])].some((file) => file.size > maxFileBytes);
    input.setCustomValidity(oversized ? fileTooLarge(maxFileBytes).description : "");
    input.reportValidity();
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Share a file</h2>
        </CardTitle>
        <CardDescription>
          A template, a contract: the client finds it under Files. Up to{" "}
          {Math.floor(maxFileBytes / 1024 / 1024)} MB.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          method="post"
          action={action}
          encType="multipart/form-data"
          className="grid gap-4"
          {...alert.formProps}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="share-file">File</Label>
            <Input
              id="share-file"
              name="file"
              type="file"
              required
              onChange={refuseOversized}
              aria-invalid={result?.errors.file ? true : undefined}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="share-note">Note</Label>
            <Textarea
              id="share-note"
              name="note"
              rows={3}
              maxLength={FILE_NOTE_MAX}
              defaultValue={result?.values.note ?? ""}
            />
          </div>
          <SubmitButton pending={pending} className="justify-self-start" {...alert.submitProps}>
            Share
          </SubmitButton>
          <FormAlert {...alert.alertProps} />
        </Form>
      </CardContent>
    </Card>
  );
}

export function SharedFilesPage({ client, current, files, maxFileBytes }: SharedFilesData) {
  useActionToast(useActionData<FormAnswer>()?.toast);
  const action = staffClientFilesPath(client.userId);
  const resetKey = useResetKey(action);
  return (
    <div className="grid gap-6">
      <ClientHeader client={client} current={current} />
      {/* A file shared from here starts the form again, empty. */}
      <ShareFileForm key={resetKey} action={action} maxFileBytes={maxFileBytes} />
      <section aria-labelledby="files-title">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 id="files-title">Files</h2>
            </CardTitle>
            <CardDescription>Everything shared with this client, newest first.</CardDescription>
          </CardHeader>
          <CardContent>
            <FileList files={files} />
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
