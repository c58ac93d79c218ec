// A task's form as its page draws it: the questions, the account's answers as saved (by whom,
// when), the files a question may name, and whether the answers can change now.
import type { QuestionContent } from "~/programme/model";
import type { Answer } from "./answers";

/** The hidden field each question of the form posts: which questions the post answers. */
export const ASKED_FIELD = "asked";

export interface SavedAnswer {
  answer: Answer;
  /** Who saved it last, as the reader names them, and when. */
  savedBy: string;
  savedAt: number;
}

export interface QuestionnaireView {
  questions: QuestionContent[];
  saved: Record<string, SavedAnswer>;
  /** The account's files, newest first: what a question asking for a file offers. */
  files: { id: string; name: string }[];
  /** Whether the answers can change now: not while handed in and waiting, nor once approved. */
  open: boolean;
}
