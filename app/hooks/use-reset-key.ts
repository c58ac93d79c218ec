// A key that changes each time a post to `action` succeeds (it redirected, so no answer data came
// back): given to a form, it starts the form afresh for the next entry.
import { useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

export function useResetKey(action: string): number {
  const navigation = useNavigation();
  const answer = useActionData();
  const posting = navigation.state !== "idle" && navigation.formAction === action;
  const wasPosting = useRef(false);
  const [key, setKey] = useState(0);
  useEffect(() => {
    if (wasPosting.current && !posting && answer === undefined) setKey((current) => current + 1);
    wasPosting.current = posting;
  }, [posting, answer]);
  return key;
}
