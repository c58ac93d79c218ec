// True while this form's own post is in flight: another form on the page posting does not count
// (forms posting to one action tell themselves apart by their `intent` field).
import { useNavigation } from "@remix-run/react";

export function useSubmitting(action: string, intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formAction?.split("?")[0] !== action) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
