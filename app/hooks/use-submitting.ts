// True while this form's own post is in flight: another form on the page posting does not count
// (forms posting to one action tell themselves apart by their `intent` field; paths are compared
// without their query).
import { useNavigation } from "@remix-run/react";

const pathOf = (address: string) => address.split("?")[0];

export function useSubmitting(action: string, intent?: string): boolean {
  const navigation = useNavigation();
  const posting = navigation.formAction;
  if (navigation.state === "idle" || !posting || pathOf(posting) !== pathOf(action)) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
