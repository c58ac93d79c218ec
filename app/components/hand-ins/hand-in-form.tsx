// "Hand in your work": files, a link and a note, posted as a plain multipart form without
// JavaScript; with it, each file is listed with its size, a file over the limit (or one too many)
// is refused before sending, and the upload shows its progress and can be cancelled.
import { useActionData, useNavigate } from "@remix-run/react";
import { Form } from "~/components/ui/router";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { fileSize } from "~/components/files/file-list";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { Textarea } from "~/components/ui/textarea";
import { fileTooLarge, toasts, tooManyFiles, type ShownToast } from "~/content/toasts";
import type { FormAnswer } from "~/forms/answer";
import { FILE_NOTE_MAX, HAND_IN_LINK_MAX } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";

type HandInAnswer = FormAnswer<"files" | "link" | "note">;

/** What the script's post is answered with: where to go next, or the form's answer. */
type ScriptAnswer = { location?: string } & Partial<HandInAnswer>;

export interface HandInFormProps {
  /** The page: where the form posts without JavaScript. */
  action: string;
  /** Where the script posts it, answered in JSON. */
  uploadAction: string;
  /** What the task asks for. */
  asks: "files" | "link";
  limits: { maxFileBytes: number; maxFiles: number };
}

/** Why the chosen files cannot go, or "" when they can. */
function fileProblem(files: File[], limits: HandInFormProps["limits"]): string {
  if (files.length > limits.maxFiles) return tooManyFiles(limits.maxFiles).description;
  if (files.some((file) => file.size > limits.maxFileBytes)) {
    return fileTooLarge(limits.maxFileBytes).description;
  }
  return "";
}

/** The script's post: its progress (0–100) while it goes, and how to cancel it. */
function useUpload(uploadAction: string, limits: HandInFormProps["limits"]) {
  const navigate = useNavigate();
  const request = useRef<XMLHttpRequest | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [answer, setAnswer] = useState<HandInAnswer | undefined>(undefined);
  const [cancelled, setCancelled] = useState(false);
  const fail = (toast: ShownToast) => setAnswer({ values: {}, errors: {}, toast });

  const send = (form: HTMLFormElement) => {
    const xhr = new XMLHttpRequest();
    request.current = xhr;
    setPercent(0);
    setAnswer(undefined);
    setCancelled(false);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) setPercent(Math.floor((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      request.current = null;
      setPercent(null);
      // Sent elsewhere (the session ended: the sign-in page): go there as a form post would.
      if (new URL(xhr.responseURL, window.location.href).pathname !== uploadAction) {
        window.location.assign(xhr.responseURL);
        return;
      }
      let body: ScriptAnswer | null = null;
      try {
        body = JSON.parse(xhr.responseText) as ScriptAnswer;
      } catch {
        // A refusal before the app read the form (a body too large) is plain text.
      }
      if (body?.location) return navigate(body.location, { replace: true });
      if (body?.toast) return setAnswer(body as HandInAnswer);
      fail({
        ...(xhr.status === 413 ? fileTooLarge(limits.maxFileBytes) : toasts.connectionLost),
        id: crypto.randomUUID(),
      });
    };
    xhr.onerror = () => {
      request.current = null;
      setPercent(null);
      fail({ ...toasts.connectionLost, id: crypto.randomUUID() });
    };
    xhr.onabort = () => {
      request.current = null;
      setPercent(null);
      setCancelled(true);
    };
    xhr.open("POST", uploadAction);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.send(new FormData(form));
  };
  const cancel = () => request.current?.abort();
  return { send, cancel, percent, answer, cancelled };
}

export function HandInForm({ action, uploadAction, asks, limits }: HandInFormProps) {
  const pageAnswer = useActionData<HandInAnswer>();
  const upload = useUpload(uploadAction, limits);
  const answer = upload.answer ?? pageAnswer;
  useActionToast(upload.answer?.toast);
  const alert = useFormAlert((candidate) => "link" in candidate.values);
  const pending = useSubmitting(action) || upload.percent !== null;
  const [chosen, setChosen] = useState<File[]>([]);
  const formRef = alert.formProps.ref;
  // The cancel button goes with the upload: focus stays in the form, on its button.
  useEffect(() => {
    if (upload.cancelled) {
      formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    }
  }, [upload.cancelled, formRef]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    setChosen(files);
    input.setCustomValidity(fileProblem(files, limits));
    input.reportValidity();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    upload.send(event.currentTarget);
  };
  const shownToast = upload.answer ? upload.answer.toast : alert.alertProps.toast;
  const describedBy = shownToast ? alert.alertProps.id : undefined;

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="grid gap-4"
      onSubmit={submit}
      {...alert.formProps}
      aria-describedby={describedBy}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="hand-in-files">Files</Label>
        <Input
          id="hand-in-files"
          name="files"
          type="file"
          multiple
          required={asks === "files"}
          onChange={choose}
          aria-describedby="hand-in-files-limits"
          aria-invalid={answer?.errors.files ? true : undefined}
        />
        <p id="hand-in-files-limits" className="text-xs text-muted-foreground">
          Up to {limits.maxFiles} files, each up to {Math.floor(limits.maxFileBytes / 1024 / 1024)}{" "}
          MB: documents, spreadsheets, slides, PDFs, images, audio, video, text or zip.
        </p>
        {chosen.length > 0 ? (
          <ul className="grid gap-0.5 text-sm" aria-label="Files chosen">
            {chosen.map((file, index) => (
              <li key={`${file.name}-${index}`} className="break-all">
                {file.name}{" "}
                <span
                  className={
                    file.size > limits.maxFileBytes ? "text-destructive" : "text-muted-foreground"
                  }
                >
                  ({fileSize(file.size)})
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="hand-in-link">Link</Label>
        <Input
          id="hand-in-link"
          name="link"
          type="url"
          inputMode="url"
          placeholder="https://"
          pattern={"https://\\S+"}
          title="A link that starts with https://"
          maxLength={HAND_IN_LINK_MAX}
          required={asks === "link"}
          defaultValue={answer?.values.link ?? ""}
          aria-invalid={answer?.errors.link ? true : undefined}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="hand-in-note">Note</Label>
        <Textarea
          id="hand-in-note"
          name="note"
          rows={3}
          maxLength={FILE_NOTE_MAX}
          defaultValue={answer?.values.note ?? ""}
        />
      </div>
      <p role="status" className="sr-only">
        {upload.percent !== null ? "Uploading" : upload.cancelled ? "Upload cancelled" : ""}
      </p>
      {upload.percent !== null ? (
        <div className="grid gap-2">
          <Progress value={upload.percent} aria-label="Upload progress" />
          <div className="flex items-center gap-3 text-sm">
            <span aria-hidden>Uploading… {upload.percent}%</span>
            <Button type="button" size="sm" variant="outline" onClick={upload.cancel}>
              Cancel upload
            </Button>
          </div>
        </div>
      ) : upload.cancelled ? (
        <p className="text-sm text-muted-foreground">Upload cancelled: nothing was handed in.</p>
      ) : null}
      <SubmitButton pending={pending} className="justify-self-start" aria-describedby={describedBy}>
        Submit for review
      </SubmitButton>
      <FormAlert id={alert.alertProps.id} toast={shownToast} />
    </Form>
  );
}
