// A task's form for the client: each question with its help, its answer as saved (and by whom), and
// "Save draft" and "Submit" as plain posts; with JavaScript the answers are also saved as they are
// written (on leaving a field, and every few seconds), and a failed save keeps everything typed.
import { useActionData } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link } from "~/components/ui/router";
import { NativeSelect } from "~/components/ui/native-select";
import { FILES_PATH } from "~/lib/paths";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { FormAnswer } from "~/forms/answer";
import { SAVE_ANSWERS_INTENT, SUBMIT_ANSWERS_INTENT } from "~/forms/schemas";
import { useSubmitting } from "~/hooks/use-submitting";
import { useStamp } from "~/lib/reader-time";
import type { QuestionContent } from "~/programme/model";
import { DEFAULT_MAX_LENGTH, FIELD_PREFIX, fieldName, type Answer } from "~/questionnaires/answers";
import { ASKED_FIELD, type QuestionnaireView } from "~/questionnaires/questionnaire-view";

/** How often answers being written are saved, at most. */
const SAVE_EVERY_MS = 5_000;

/** An answer of this form (one of its fields came back), not another form's on the page. */
const claimsAnswers = (answer: FormAnswer) =>
  Object.keys(answer.values).some((name) => name.startsWith(FIELD_PREFIX)) ||
  Object.keys(answer.errors).some((name) => name.startsWith(FIELD_PREFIX));

type SaveState = "idle" | "saving" | "saved" | "offline" | "refused";

const SAVE_WORDS: Record<SaveState, string> = {
  idle: "",
  saving: "Saving…",
  saved: "All answers saved.",
  offline: "Not saved yet: no connection. Your answers stay here; saving again shortly.",
  refused: "Some answers were not saved: see the notes beside them.",
};

/**
 * Saves the form's answers to `url` as they are written: on leaving a field that changed, and
 * every few seconds while some change waits; the page's inputs are never touched.
 */
function useAnswersSaved(form: React.RefObject<HTMLFormElement | null>, url: string) {
  const [state, setState] = useState<SaveState>("idle");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = useRef(false);
  const saving = useRef(false);

  const save = useCallback(async () => {
    const element = form.current;
    if (!element || !changed.current || saving.current) return;
    changed.current = false;
    saving.current = true;
    setState("saving");
    const body = new FormData(element);
    body.delete("intent");
    try {
      const response = await fetch(url, { method: "POST", body, credentials: "same-origin" });
      // Saved: redirected to the save's own address (not to sign-in, a session that ended).
      if (response.status === 204 && new URL(response.url).pathname === url) {
        setErrors({});
        setState("saved");
        return;
      }
      const answer = (await response.json().catch(() => null)) as {
        errors?: Record<string, string>;
      } | null;
      if (response.status === 422 && answer?.errors) {
        setErrors(answer.errors);
        setState("refused");
      } else {
        changed.current = true;
        setState("offline");
      }
    } catch {
      changed.current = true;
      setState("offline");
    } finally {
      saving.current = false;
    }
  }, [form, url]);

  useEffect(() => {
    const timer = window.setInterval(() => void save(), SAVE_EVERY_MS);
    const leaving = () => {
      if (document.visibilityState === "hidden") void save();
    };
    document.addEventListener("visibilitychange", leaving);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", leaving);
    };
  }, [save]);

  return {
    state,
    errors,
    onChange: () => {
      changed.current = true;
    },
    onBlur: () => void save(),
  };
}

/** What a question's input shows first: what was typed (a refusal), else the answer saved. */
function shownAnswer(question: QuestionContent, typed: string | undefined, saved?: Answer) {
  if (typed === undefined)
    return saved ?? (question.kind === "choice" && question.multiple ? [] : "");
  if (question.kind === "choice" && question.multiple) {
    try {
      const list: unknown = JSON.parse(typed);
      return Array.isArray(list) ? list.filter((item) => typeof item === "string") : [];
    } catch {
      return [];
    }
  }
  return typed;
}

const INPUT_TYPES = { "short-text": "text", number: "text", date: "date", url: "url" } as const;

function QuestionInput({
  question,
  value,
  files,
  describedBy,
  invalid,
  disabled,
}: {
  question: QuestionContent;
  value: Answer;
  /** The account's files, for a question that asks for one. */
  files: QuestionnaireView["files"];
  describedBy: string | undefined;
  invalid: boolean;
  disabled: boolean;
}) {
  const name = fieldName(question.id);
  const id = `question-${question.id}`;
  const common = {
    id,
    name,
    disabled,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
  };
  const text = typeof value === "string" ? value : "";
  switch (question.kind) {
    case "long-text":
      return (
        <Textarea
          {...common}
          rows={5}
          maxLength={question.maxLength ?? DEFAULT_MAX_LENGTH["long-text"]}
          defaultValue={text}
        />
      );
    case "choice": {
      const chosen = new Set(Array.isArray(value) ? value : [value]);
      return (
        <fieldset className="grid gap-2" aria-describedby={describedBy}>
          <legend className="sr-only">{question.label}</legend>
          {(question.choices ?? []).map((choice, index) => (
            <label key={choice} className="flex items-center gap-2 text-sm">
              <input
                type={question.multiple ? "checkbox" : "radio"}
                name={name}
                value={choice}
                id={index === 0 ? id : undefined}
                defaultChecked={chosen.has(choice)}
                disabled={disabled}
                className="size-4"
              />
              {choice}
            </label>
          ))}
        </fieldset>
      );
    }
    case "file":
      return (
        <NativeSelect {...common} defaultValue={text}>
          <option value="">No file chosen</option>
          {files.map((file) => (
            <option key={file.id} value={file.id}>
              {file.name}
            </option>
          ))}
        </NativeSelect>
      );
    default:
      return (
        <Input
          {...common}
          type={INPUT_TYPES[question.kind]}
          inputMode={question.kind === "number" ? "decimal" : undefined}
          maxLength={
            question.kind === "short-text"
              ? (question.maxLength ?? DEFAULT_MAX_LENGTH["short-text"])
              : undefined
          }
          defaultValue={text}
        />
      );
  }
}

export function QuestionnaireForm({
  action,
  saveAction,
  questionnaire,
}: {
  /** The task's page: where "Save draft" and "Submit" post. */
  action: string;
  /** Where the page's script saves answers as they are written. */
  saveAction: string;
  questionnaire: QuestionnaireView;
}) {
  const result = useActionData<FormAnswer>();
  const answer = result && claimsAnswers(result) ? result : undefined;
  useActionToast(answer?.toast);
  const alert = useFormAlert(claimsAnswers);
  const saved = useAnswersSaved(alert.formProps.ref, saveAction);
  const submitting = useSubmitting(action, SUBMIT_ANSWERS_INTENT);
  const savingDraft = useSubmitting(action, SAVE_ANSWERS_INTENT);
  const stamp = useStamp();
  const { questions, open } = questionnaire;
  return (
    <Form
      method="post"
      action={action}
      className="grid gap-6"
      data-keeps-input
      {...alert.formProps}
      onChange={() => {
        alert.formProps.onChange();
        saved.onChange();
      }}
      onBlur={saved.onBlur}
    >
      {questions.map((question) => {
        const name = fieldName(question.id);
        const error = answer?.errors[name] ?? saved.errors[name];
        const entry = questionnaire.saved[question.id];
        const helpId =
          question.help || question.kind === "file" ? `question-${question.id}-help` : undefined;
        const errorId = error ? `question-${question.id}-error` : undefined;
        const describedBy = [helpId, errorId].filter(Boolean).join(" ") || undefined;
        return (
          <div key={question.id} className="grid gap-1.5">
            <input type="hidden" name={ASKED_FIELD} value={question.id} />
            <Label htmlFor={`question-${question.id}`}>
              {question.label}
              {question.required ? (
                <span className="ml-1 text-red-700" aria-hidden="true">
                  *
                </span>
              ) : null}
              {question.required ? <span className="sr-only"> (required)</span> : null}
            </Label>
            {question.help || question.kind === "file" ? (
              <p id={helpId} className="text-sm text-muted-foreground">
                {question.help}
                {question.kind === "file" ? (
                  <>
                    {question.help ? " " : ""}Choose a file shared under{" "}
                    <Link to={FILES_PATH} className="text-indigo-700 underline">
                      Files
                    </Link>
                    ; share it there first if it is not listed.
                  </>
                ) : null}
              </p>
            ) : null}
            <QuestionInput
              question={question}
              value={shownAnswer(question, answer?.values[name], entry?.answer)}
              files={questionnaire.files}
              describedBy={describedBy}
              invalid={Boolean(error)}
              disabled={!open}
            />
            {error ? (
              <p id={errorId} className="text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
            {entry ? (
              <p className="text-xs text-muted-foreground">
                Saved by {entry.savedBy},{" "}
                <time dateTime={new Date(entry.savedAt).toISOString()}>{stamp(entry.savedAt)}</time>
              </p>
            ) : null}
          </div>
        );
      })}
      {open ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            name="intent"
            value={SAVE_ANSWERS_INTENT}
            variant="outline"
            disabled={savingDraft || submitting}
          >
            {savingDraft ? "Saving…" : "Save draft"}
          </Button>
          <SubmitButton
            name="intent"
            value={SUBMIT_ANSWERS_INTENT}
            pending={submitting}
            {...alert.submitProps}
          >
            Submit
          </SubmitButton>
          <p className="text-sm text-muted-foreground" role="status">
            {SAVE_WORDS[saved.state]}
          </p>
        </div>
      ) : null}
      <FormAlert {...alert.alertProps} />
    </Form>
  );
}
