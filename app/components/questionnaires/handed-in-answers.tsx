// A form as it was handed in, read as a document: each question, then its answer (a file's as a
// download), or "No answer".
import type { HandedInForm } from "~/data/shapes";
import { fileDownloadPath } from "~/lib/paths";
import { answerText } from "~/questionnaires/answers";

export function HandedInAnswers({ form, version }: { form: HandedInForm; version: number }) {
  return (
    <dl className="grid gap-3" aria-label={`Answers of version ${version}`}>
      {form.questions.map((question) => {
        const answer = form.answers[question.id];
        const text = answer === undefined ? "" : answerText(question, answer);
        return (
          <div key={question.id} className="grid gap-0.5">
            <dt className="font-medium text-slate-900">{question.label}</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-700">
              {text === "" ? (
                <span className="text-muted-foreground">No answer</span>
              ) : question.kind === "file" ? (
                <a href={fileDownloadPath(text)} className="text-indigo-700 underline">
                  Download the file
                </a>
              ) : (
                text
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
